import { describe, expect, it } from "vitest"
import { setup } from "xstate"
import { getSimplePaths } from "xstate/graph"
import {
  SIGN_IN_FLOWS_LOAD_FAILED,
  type SignInFlowLogics,
  signInFlowsMachine,
} from "../../../src/machines/accounts/sign-in-flows.machine"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The signed-out pages' machines load on demand: nothing until a page asks, each loaded machine joins the system
// under its systemId, and a chunk that failed says so and can be asked for again.
const machine = signInFlowsMachine.provide({ actors: { loadFlows: pending() } })
const fake = (id: string) => setup({}).createMachine({ id })
const loaded: SignInFlowLogics = [
  ["signInNotice", fake("fake-notice")],
  ["invitation", fake("fake-invitation")],
]
const events = pathEvents(machine, [
  { type: "signInFlows.load" },
  { type: "signInFlows.retry" },
  { type: "xstate.done.actor.loadFlows", output: loaded },
  { type: "xstate.error.actor.loadFlows", error: new Error("Failed to fetch dynamically imported module") },
])
const serializeState = (s: { value: unknown; context: { error: string | null } }) =>
  JSON.stringify([s.value, s.context.error])

describe("sign-in flows machine paths", () => {
  const paths = getSimplePaths(machine, { events, serializeState })
  it("reaches idle, loading, ready and failed", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(["idle", "loading", "ready", "failed"]))
  })
  const walk = (path: (typeof paths)[number]) => {
    const actor = replay(machine, path.steps)
    const snapshot = actor.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(path.state))
    expect(snapshot.context.error).toBe(snapshot.matches("failed") ? SIGN_IN_FLOWS_LOAD_FAILED : null)
    // The loaded machines run under their systemIds exactly when the flows are ready.
    for (const [systemId] of loaded)
      expect(actor.system.get(systemId) !== undefined, systemId).toBe(snapshot.matches("ready"))
    actor.stop()
  }
  for (const path of paths)
    it(path.steps.map((s) => describeEvent(s.event)).join(" → ") || "start", () => walk(path))
  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState })
      // A failed chunk can be asked for again.
      const retry = edges.find((e) => e.steps.at(-1)?.event.type === "signInFlows.retry")
      expect(retry?.state.value).toBe("loading")
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
