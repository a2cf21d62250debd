import { describe, expect, it } from "vitest"
import { getSimplePaths } from "xstate/graph"
import { type RefreshEmitted, refreshMachine } from "../../../src/machines/auth/refresh.machine"
import type { TokenFact } from "../../../src/machines/system/facts"
import { recordedActor } from "../coverage"
import { describeEvent, getEdgePaths, pathEvents, pending, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

const machine = refreshMachine.provide({ actors: { refreshToken: pending() } })
const events = pathEvents(machine, [
  { type: "refresh.requested", waiterId: "a" },
  { type: "refresh.requested", waiterId: "b" },
  { type: "xstate.done.actor.refreshToken", output: { access: "new-token" } },
  { type: "xstate.error.actor.refreshToken", error: new Error("401") },
])
// Waiter ids are unique in the app; as a set the queue is finite, which keeps the graph finite.
const serializeState = (s: { value: unknown; context: { waiters: ReadonlyArray<string> } }) =>
  JSON.stringify([s.value, [...new Set(s.context.waiters)].sort()])

describe("refresh queue paths", () => {
  const paths = getSimplePaths(machine, { events, serializeState })

  it("reaches idle and refreshing with one and two waiters", () => {
    const reached = new Set(paths.map((p) => serializeState(p.state)))
    expect(reached).toContain(JSON.stringify(["refreshing", ["a"]]))
    expect(reached).toContain(JSON.stringify(["refreshing", ["a", "b"]]))
    expect(reached).toContain(JSON.stringify(["idle", []]))
  })

  const walk = (path: (typeof paths)[number]) => {
    const emitted: RefreshEmitted[] = []
    const facts: TokenFact[] = []
    const actor = recordedActor(machine)
    actor.on("released", (e) => emitted.push(e))
    actor.on("rejected", (e) => emitted.push(e))
    actor.on("token.refreshed", (e) => facts.push(e))
    actor.on("token.refreshFailed", (e) => facts.push(e))
    actor.start()
    for (const step of path.steps.slice(1)) actor.send(step.event)
    expect(actor.getSnapshot().value).toEqual(path.state.value)
    expect(serializeState(actor.getSnapshot())).toBe(serializeState(path.state))
    // Every waiter that joined is settled exactly once when the refresh ends.
    const last = path.steps.at(-1)?.event.type ?? ""
    if (last.startsWith("xstate.done") || last.startsWith("xstate.error")) {
      const settled = emitted.flatMap((e) => e.waiterIds)
      expect(new Set(settled).size).toBe(settled.length)
      expect(actor.getSnapshot().context.waiters).toEqual([])
      // The rest of the app hears the outcome once per refresh, as a fact: the new token, or the failure.
      const refreshes = path.steps.filter((s) => /^xstate\.(done|error)/.test(s.event.type)).length
      expect(facts).toHaveLength(refreshes)
      expect(facts.at(-1)?.type).toBe(
        last.startsWith("xstate.done") ? "token.refreshed" : "token.refreshFailed",
      )
    }
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState })
      // Both outcomes of a refresh end the queue, whoever waited.
      const ends = edges.filter((e) => /^xstate\.(done|error)/.test(e.steps.at(-1)?.event.type ?? ""))
      expect(ends.length).toBeGreaterThanOrEqual(4)
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
