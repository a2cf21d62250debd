import { describe, expect, it } from "vitest"
import { getSimplePaths } from "xstate/graph"
import { signInNoticeMachine } from "../../../src/machines/accounts/sign-in-notice.machine"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

const machine = signInNoticeMachine.provide({ actors: { loadNotice: pending() } })
const events = pathEvents(machine, [
  { type: "signInNotice.load" },
  { type: "xstate.done.actor.loadNotice", output: { demo_accounts: true, mail: false } },
  { type: "xstate.error.actor.loadNotice", error: new Error("offline") },
])

describe("sign-in notice machine paths", () => {
  const paths = getSimplePaths(machine, { events })
  it("reaches idle, loading, loaded and failed", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(["idle", "loading", "loaded", "failed"]))
  })
  const walk = (path: (typeof paths)[number]) => {
    const actor = replay(machine, path.steps)
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual(path.state.value)
    // Only a server that answered "demo accounts exist" shows the line; a failure keeps what was known.
    const answered = path.steps.some((step) => String(step.event.type) === "xstate.done.actor.loadNotice")
    expect(snapshot.context.demoAccounts).toBe(answered)
    // Whether the server mails is unknown (null) until it has answered, and then what it said.
    expect(snapshot.context.mail).toBe(answered ? false : null)
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))
  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
