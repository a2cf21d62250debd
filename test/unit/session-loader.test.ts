import { describe, expect, it } from "vitest"
import { type AnyActorLogic, createActor, fromCallback, setup, waitFor } from "xstate"
import { sessionLoader } from "../../src/effects/system/session-loader"
import { appMachine } from "../../src/machines/system/app.machine"

// The root starts the signed-in actors only after a sign-in, from a chunk; a chunk that fails is retried.

// The children's own types are machines; a callback that ignores everything stands in for any of them.
const idle = fromCallback(() => () => {}) as never
/** Stands in for the session machine: one child registered under a systemId, as the real one has. */
const fakeSession = setup({ actors: { child: fromCallback(() => () => {}) } }).createMachine({
  invoke: { src: "child", systemId: "dashboard" },
})
const input = { ui: { theme: "system" as const, systemDark: false, termsBannerDismissed: false } }

function root(load: () => Promise<AnyActorLogic>) {
  let loads = 0
  const machine = appMachine.provide({
    actors: {
      auth: idle,
      refresh: idle,
      uiPreferences: idle,
      support: idle,
      loadSession: sessionLoader(() => {
        loads += 1
        return load()
      }),
    },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, loads: () => loads }
}

describe("session loader", () => {
  it("loads nothing before a sign-in, then starts the session in the same system", async () => {
    const app = root(async () => fakeSession)
    expect(app.loads()).toBe(0)
    expect(app.actor.system.get("session")).toBeUndefined()
    app.actor.send({ type: "auth.signedIn" })
    await waitFor(app.actor, (s) => s.matches({ session: "ready" }))
    expect(app.loads()).toBe(1)
    expect(app.actor.system.get("session")).toBeDefined()
    expect(app.actor.system.get("dashboard")).toBeDefined()
    // A second sign-in in the same page keeps the running session.
    app.actor.send({ type: "auth.signedIn" })
    expect(app.loads()).toBe(1)
    const session = app.actor.system.get("session")
    app.actor.stop()
    expect(session?.getSnapshot().status).toBe("stopped")
  })

  it("reports a failed chunk, and a retry loads it again", async () => {
    let attempt = 0
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      const app = root(async () => {
        attempt += 1
        if (attempt === 1) throw new Error("Failed to fetch dynamically imported module")
        return fakeSession
      })
      app.actor.send({ type: "auth.signedIn" })
      await waitFor(app.actor, (s) => s.matches({ session: "failed" }))
      expect(app.actor.system.get("session")).toBeUndefined()
      expect(errors).toHaveLength(1)
      app.actor.send({ type: "session.retry" })
      await waitFor(app.actor, (s) => s.matches({ session: "ready" }))
      expect(app.loads()).toBe(2)
      expect(app.actor.getSnapshot().context.sessionError).toBeNull()
      expect(app.actor.system.get("dashboard")).toBeDefined()
      app.actor.stop()
    } finally {
      console.error = original
    }
  })
})
