import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from "xstate/graph"
import {
  EXPORT_FAILED,
  mayOpenSupport,
  type SupportContext,
  supportMachine,
} from "../../../src/machines/support/support.machine"
import { recordedActor } from "../coverage"
import { describeEvent, pathEvents, pending } from "../walk"

// Every state and transition of the support panel's machine, on the real machine: who may open it (admins, or
// anyone in a page started with ?support), closing when access is lost, the filter, and the export's outcome.
// Simple paths explode here (every filter and user change loops), so: the shortest path to every reachable
// state, then from each of them every listed event, checked against what the graph says it leads to.
const machine = supportMachine.provide({
  actors: { exportTrace: pending() },
})

const allEvents = pathEvents(machine, [
  { type: "support.toggle" },
  { type: "support.open" },
  { type: "support.close" },
  { type: "support.filter", actor: "x:2" },
  { type: "support.filter", actor: null },
  { type: "support.export" },
  { type: "support.user", category: "admin" },
  { type: "support.user", category: "website_coordinator" },
  { type: "xstate.done.actor.exportTrace" },
  { type: "xstate.error.actor.exportTrace", error: new Error("disk full") },
])
// The export's outcome can only arrive while the export runs.
const events = (s: { matches: (v: { open: "exporting" }) => boolean }) =>
  allEvents.filter((e) => s.matches({ open: "exporting" }) || !e.type.startsWith("xstate."))

const serializeState = (s: { value: unknown; context: SupportContext }) =>
  JSON.stringify([s.value, s.context.category, s.context.filter, s.context.exportError])

for (const requested of [false, true]) {
  describe(`support machine paths, ${requested ? "started with ?support" : "without ?support"}`, () => {
    const options = { events, input: { requested }, serializeState }
    const paths = getShortestPaths(machine, options)
    const reach = new Map(paths.map((p) => [serializeState(p.state), p]))

    it("reaches every state", () => {
      const values = new Set(paths.map((p) => JSON.stringify(p.state.value)))
      expect(values).toEqual(
        new Set(
          ["closed", { open: "idle" }, { open: "exporting" }, { open: "failed" }].map((v) =>
            JSON.stringify(v),
          ),
        ),
      )
    })

    for (const { state, event, nextState } of adjacencyMapToArray(getAdjacencyMap(machine, options))) {
      const path = reach.get(serializeState(state))
      const from = path?.steps.map((s) => describeEvent(s.event)).join(" → ") || "start"
      it(`${from} ⇒ ${describeEvent(event)}`, () => {
        expect(path).toBeDefined()
        const actor = recordedActor(machine, { input: { requested } }).start()
        for (const step of path?.steps.slice(1) ?? []) actor.send(step.event)
        expect(serializeState(actor.getSnapshot())).toBe(serializeState(state))
        actor.send(event)
        const snapshot = actor.getSnapshot()
        expect(serializeState(snapshot)).toBe(serializeState(nextState))
        // Open only ever for someone allowed to see it; an export failure is said only while it stands.
        if (snapshot.matches("open")) expect(mayOpenSupport(snapshot.context)).toBe(true)
        expect(snapshot.context.exportError).toBe(snapshot.matches({ open: "failed" }) ? EXPORT_FAILED : null)
        actor.stop()
      })
    }
  })
}

describe("support access", () => {
  it("stays closed for a coordinator without ?support, whichever way they ask", () => {
    const actor = createActor(machine, { input: { requested: false } }).start()
    actor.send({ type: "support.user", category: "website_coordinator" })
    actor.send({ type: "support.toggle" })
    actor.send({ type: "support.open" })
    expect(actor.getSnapshot().value).toBe("closed")
  })

  it("closes when the admin signs out, unless the page was started with ?support", () => {
    for (const requested of [false, true]) {
      const actor = createActor(machine, { input: { requested } }).start()
      actor.send({ type: "support.user", category: "admin" })
      actor.send({ type: "support.toggle" })
      expect(actor.getSnapshot().matches("open")).toBe(true)
      actor.send({ type: "support.user", category: null })
      expect(actor.getSnapshot().matches("open")).toBe(requested)
    }
  })
})
