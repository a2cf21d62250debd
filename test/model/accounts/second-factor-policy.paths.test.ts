import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  POLICY_LOAD_FAILED,
  POLICY_SAVE_FAILED,
  type SecondFactorPolicyContext,
  secondFactorPolicyMachine,
} from "../../../src/machines/accounts/second-factor-policy.machine"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The staff page's "Require a second factor" setting, with its calls left pending and their outcomes as events.

const machine = secondFactorPolicyMachine.provide({
  actors: { loadPolicy: pending(), savePolicy: pending() },
})
const events = pathEvents(machine, [
  { type: "policy.set", required: ["support"] },
  { type: "policy.reload" },
  { type: "xstate.done.actor.loadPolicy", output: [] },
  { type: "xstate.error.actor.loadPolicy", error: new Error("offline") },
  { type: "xstate.done.actor.savePolicy", output: ["support"] },
  { type: "xstate.error.actor.savePolicy", error: new Error("offline") },
])
const serializeState = (s: { value: unknown; context: SecondFactorPolicyContext }) =>
  JSON.stringify([s.value, s.context.required, s.context.error, s.context.saved])

function walk(steps: ReadonlyArray<{ event: (typeof events)[number] }>) {
  const actor = replay(machine, [])
  for (const step of steps.slice(1)) {
    actor.send(step.event)
    const { value, context } = actor.getSnapshot()
    // What is shown is what the server holds: nothing before it answered, and a failure says which one.
    if (value === "loading" || value === "failed") expect(context.required).toBeNull()
    if (value === "failed") expect(context.error).toBe(POLICY_LOAD_FAILED)
    if (context.saved) expect(context.required).toEqual(["support"])
    if (value === "ready" && context.error !== null) expect(context.error).toBe(POLICY_SAVE_FAILED)
  }
  const end = actor.getSnapshot()
  actor.stop()
  return end
}

describe("second-factor policy paths", () => {
  for (const path of getShortestPaths(machine, { events, serializeState }))
    it(`shortest: ${path.steps.map((s) => describeEvent(s.event)).join(" → ")}`, () => {
      expect(serializeState(walk(path.steps))).toBe(serializeState(path.state))
    })
  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events, serializeState }))
        expect(walk(path.steps).value).toEqual(path.state.value)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
