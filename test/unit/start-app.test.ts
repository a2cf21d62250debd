import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { waitFor } from "xstate"
import { Api } from "../../src/effects/system/api-client"
import { type StartedApp, startApp } from "../../src/effects/system/start-app"
import { aloneTabLink } from "../../src/effects/tabs/tab-link"
import { lookup } from "../../src/machines/system/registry"
import { type FakeAuthServer, fakeAuthServer } from "./fake-auth-server"

// startApp as main.tsx calls it: the runtime's TokenSource and RefreshGate are the running root's actors.

let app: StartedApp | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

async function started(server: FakeAuthServer) {
  app = startApp({
    config: { apiBaseUrl: "http://app.test", socketBaseUrl: "ws://app.test", socketSlowRetryMs: 60_000 },
    ui: { theme: "light", systemDark: false, termsBannerDismissed: false },
    fetch: server.fetch,
    tabs: aloneTabLink(),
  })
  return app
}

const get = (running: StartedApp, i: number) =>
  running
    .runtime()
    .then((runtime) =>
      runtime.runPromise(
        Api.use((api) => api.request("GET", "/api/v1/things/", { query: { i } })).pipe(
          Effect.match({ onSuccess: () => "ok" as const, onFailure: (e) => e.status }),
        ),
      ),
    )

describe("startApp", () => {
  it("signs in silently, and its Api reads the token from the auth actor and refreshes through the queue", async () => {
    const server = fakeAuthServer()
    const running = await started(server)
    const auth = mustRun(lookup(running.actor.system, "auth"))
    await waitFor(auth, (s) => s.matches({ AUTHENTICATED: "ready" }))
    expect(auth.getSnapshot().context).toMatchObject({ accessToken: "t1", profileLoaded: true })

    server.expire()
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => get(running, i)))
    expect(results.every((r) => r === "ok")).toBe(true)
    expect(server.state.refreshes).toBe(2)
    expect(auth.getSnapshot().context.accessToken).toBe("t2")
    expect(server.state.auths.get("7")).toEqual(["Bearer t1", "Bearer t2"])
  })

  it("a failed refresh logs the session out with 'Refresh token expired or invalid.'", async () => {
    const server = fakeAuthServer()
    const running = await started(server)
    const auth = mustRun(lookup(running.actor.system, "auth"))
    await waitFor(auth, (s) => s.matches({ AUTHENTICATED: "ready" }))
    server.expire()
    server.revokeRefresh()

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => get(running, i)))
    expect(results).toEqual(Array(10).fill(401))
    expect(auth.getSnapshot().context).toMatchObject({
      status: "UNAUTHENTICATED",
      error: "Refresh token expired or invalid.",
      accessToken: null,
    })
  })

  it("dispose stops the actors and the runtime", async () => {
    const running = await started(fakeAuthServer())
    await running.dispose()
    app = undefined
    expect(running.actor.getSnapshot().status).toBe("stopped")
  })
})

function mustRun<T>(ref: T | undefined): T {
  if (ref === undefined) throw new Error("the actor is not running")
  return ref
}
