import { describe, expect, it } from "vitest"
import { type AnyActorLogic, fromCallback, setup } from "xstate"
import { getSimplePaths } from "xstate/graph"
import { appMachine, SESSION_LOAD_FAILED } from "../../../src/machines/system/app.machine"
import { recordedActor } from "../coverage"
import { describeEvent, getEdgePaths, pending, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The root's own states: nothing of the signed-in part loads before a sign-in, a loaded session is spawned
// into the system, and a chunk that failed can be retried. Its children are idle fakes here; the path
// delivers what they would report.
// The children's own types are machines; a callback that ignores everything stands in for any of them.
const idle = fromCallback(() => () => {}) as never
const machine = appMachine.provide({
  actors: {
    bus: idle,
    auth: idle,
    refresh: idle,
    uiPreferences: idle,
    support: idle,
    loadSession: pending(),
  },
})
const fakeSession: AnyActorLogic = setup({}).createMachine({ id: "fake-session" })
const input = { ui: { theme: "system" as const, systemDark: false, termsBannerDismissed: false } }
const events = [
  { type: "auth.signedIn" },
  { type: "xstate.done.actor.loadSession", output: fakeSession },
  { type: "xstate.error.actor.loadSession", error: new Error("Failed to fetch dynamically imported module") },
  { type: "session.retry" },
] as const
const serializeState = (s: { value: unknown; context: { sessionError: string | null } }) =>
  JSON.stringify([s.value, s.context.sessionError])

describe("app root paths", () => {
  const paths = getSimplePaths(machine, { events: [...events] as never, input, serializeState })

  it("reaches every root state", () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    expect(values).toEqual(
      new Set(
        ["signedOut", { session: "loading" }, { session: "ready" }, { session: "failed" }].map((v) =>
          JSON.stringify(v),
        ),
      ),
    )
  })

  /** Replays a path on the real root, recorded, and checks where it ended. */
  const walk = (path: (typeof paths)[number]) => {
    const actor = recordedActor(machine, { input })
    const published: unknown[] = []
    actor.on("*", (fact) => published.push(fact))
    actor.start()
    for (const step of path.steps.slice(1)) actor.send(step.event as never)
    const snapshot = actor.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(path.state))
    expect(snapshot.context.sessionError).toBe(
      snapshot.matches({ session: "failed" }) ? SESSION_LOAD_FAILED : null,
    )
    // The session joins the system exactly when the root says it is ready, and the bus hears it has started.
    expect(actor.system.get("session") !== undefined).toBe(snapshot.matches({ session: "ready" }))
    expect(published).toEqual(
      snapshot.matches({ session: "ready" }) ? [{ type: "system.sessionStarted" }] : [],
    )
    actor.stop()
  }

  for (const path of paths) {
    it(path.steps.map((s) => describeEvent(s.event)).join(" → ") || "start", () => walk(path))
  }

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events: [...events] as never, input, serializeState })
      // A failed chunk can be asked for again: the one edge no shortest path needs.
      const retry = edges.find((e) => e.steps.at(-1)?.event.type === "session.retry")
      expect(retry?.state.value).toEqual({ session: "loading" })
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
