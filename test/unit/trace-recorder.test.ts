import { Effect, Schema } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { waitFor } from "xstate"
import { replayTrace } from "../../scripts/trace-replay"
import { buildTrace } from "../../src/effects/support/trace-build"
import { Api } from "../../src/effects/system/api-client"
import { type StartedApp, startApp } from "../../src/effects/system/start-app"
import { aloneTabLink } from "../../src/effects/tabs/tab-link"
import { lookup } from "../../src/machines/system/registry"
import { Trace } from "../../src/schema/support/trace"
import { fakeAuthServer } from "./fake-auth-server"

// The recorder on the real app root, as main.tsx starts it: what it records becomes a valid, redacted trace, and
// that trace replays against the machines without a divergence, timers and the refresh queue included.

let app: StartedApp | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

const PASSWORD = "hunter2-not-for-traces"

describe("the trace recorder", () => {
  it("records a session that exports to the trace format, without secrets, and replays cleanly", async () => {
    const server = fakeAuthServer()
    app = startApp({
      config: { apiBaseUrl: "http://app.test", socketBaseUrl: "ws://app.test", socketSlowRetryMs: 60_000 },
      ui: { theme: "light", systemDark: false, termsBannerDismissed: false },
      fetch: server.fetch,
      tabs: aloneTabLink(),
    })
    const running = app
    const auth = mustRun(lookup(running.actor.system, "auth"))
    await waitFor(auth, (s) => s.matches({ AUTHENTICATED: "ready" }))
    // The support actor follows who is signed in (a coordinator here: the panel stays shut for them).
    const support = mustRun(lookup(running.actor.system, "support"))
    expect(support.getSnapshot().context.category).toBe("website_coordinator")
    support.send({ type: "support.toggle" })
    expect(support.getSnapshot().value).toBe("closed")
    // A 401 with requests queued behind one refresh, then a sign-out and a failed sign-in with a password.
    server.expire()
    const get = (i: number) =>
      running
        .runtime()
        .then((runtime) =>
          runtime.runPromise(
            Api.use((api) => api.request("GET", "/api/v1/things/", { query: { i } })).pipe(Effect.ignore),
          ),
        )
    await Promise.all([1, 2, 3, 4].map(get))
    // The silent refresh issued t1, the queue's refresh t2: both went through the recorded actors.
    const tokens = ["t1", "t2"]
    expect(server.validToken).toBe("t2")
    auth.send({ type: "auth.logout" })
    auth.send({ type: "auth.login", email: "c@example.com", password: PASSWORD })
    await waitFor(auth, (s) => s.matches("ERROR"))
    expect(support.getSnapshot().context.category).toBeNull()

    const trace = buildTrace(running.recorder)
    const text = JSON.stringify(Schema.encodeSync(Trace)(trace))
    const decoded = Schema.decodeUnknownSync(Trace)(JSON.parse(text))

    expect(decoded.userCategory).toBeNull()
    expect(decoded.events.map((e) => e.seq)).toEqual(decoded.events.map((_, i) => i))
    for (const secret of [...tokens, PASSWORD]) expect(text).not.toContain(`"${secret}"`)
    expect(text).not.toContain(PASSWORD)
    // The refresh's outcome is recorded for replay, its token redacted.
    const refresh = decoded.actors.find((a) => a.systemId === "refresh")
    const outcome = decoded.outcomes.find(
      (o) => decoded.events.find((e) => e.seq === o.seq)?.to === refresh?.id && o.kind === "done",
    )
    expect(outcome?.value).toEqual({ access: "[redacted]" })
    const waiting = decoded.events.filter((e) => e.to === refresh?.id && e.type === "refresh.requested")
    expect(waiting.length).toBe(4)

    const result = replayTrace(decoded)
    expect(result.machines.filter((m) => m.divergence).map((m) => m.label)).toEqual([])
    const auths = result.machines.find((m) => m.label === "auth")
    expect(auths?.steps.at(-1)?.actual).toBe("ERROR")
    expect(auths?.steps.map((s) => s.type)).toContain("auth.login")
  })
})

function mustRun<T>(ref: T | undefined): T {
  if (ref === undefined) throw new Error("the actor is not running")
  return ref
}
