import { Effect, Layer, ManagedRuntime, Schema } from "effect"
import { type Actor, createActor, setup, waitFor } from "xstate"
import { provideAuth } from "../../src/effects/auth/auth.actors"
import { AuthApi } from "../../src/effects/auth/auth-api"
import { authCalls } from "../../src/effects/auth/auth-calls"
import { provideRefresh } from "../../src/effects/auth/refresh.actors"
import { provideProfile } from "../../src/effects/profile/profile.actors"
import { actorHttpEnv } from "../../src/effects/system/actor-http-env"
import { Api } from "../../src/effects/system/api-client"
import { Config } from "../../src/effects/system/config"
import { HttpEnv } from "../../src/effects/system/http-env"
import { runForActor } from "../../src/effects/system/runtime"
import { Storage } from "../../src/effects/system/storage"
import { TabChannel } from "../../src/effects/tabs/tab-channel"
import { busMachine } from "../../src/machines/system/bus.machine"
import { lookup } from "../../src/machines/system/registry"
import type { Failure } from "../../src/schema/system/failure"
import type { FakeAuthServer } from "./fake-auth-server"

const Thing = Schema.Struct({ ok: Schema.String })

/**
 * The session half of the app: the real Api, AuthApi, RefreshGate, auth and refresh-queue machines and their
 * real actor adapters, wired as startApp wires them, but without the feature machines, so that these tests
 * depend on nothing else in the tree.
 */
export function startSession(server: FakeAuthServer) {
  let root: Actor<typeof sessionRoot> | null = null
  const env = actorHttpEnv(() => root?.system, server.fetch)
  const layer = AuthApi.layer.pipe(
    Layer.provide(TabChannel.alone),
    Layer.provideMerge(Api.layer),
    Layer.provide(
      Layer.mergeAll(
        Config.layer({
          apiBaseUrl: "http://app.test",
          socketBaseUrl: "ws://app.test",
          socketSlowRetryMs: 60_000,
        }),
        HttpEnv.layer(env),
      ),
    ),
    Layer.provideMerge(Storage.layerFrom(null)),
  )
  const runtime = ManagedRuntime.make(layer)
  const sessionRoot = setup({
    actors: {
      bus: busMachine,
      auth: provideAuth(authCalls(runtime)),
      refresh: provideRefresh(authCalls(runtime)),
      profile: provideProfile((effect) => runForActor(runtime, effect)),
    },
  }).createMachine({
    invoke: [
      { id: "bus", systemId: "bus", src: "bus" },
      { id: "refresh", systemId: "refresh", src: "refresh" },
      { id: "auth", systemId: "auth", src: "auth" },
      { id: "profile", systemId: "profile", src: "profile" },
    ],
  })
  root = createActor(sessionRoot).start()
  const started = root
  const auth = lookup(started.system, "auth")
  if (!auth) throw new Error("the auth actor did not start")
  return {
    root: started,
    auth,
    runtime,
    /** The protected query, settled as a value so that a batch of them can be awaited together. */
    get: (i: number | string): Promise<{ value: { ok: string } } | { error: Failure }> =>
      runtime.runPromise(
        Api.use((api) => api.request("GET", "/api/v1/things/", { query: { i }, schema: Thing })).pipe(
          Effect.match({ onSuccess: (value) => ({ value }), onFailure: (error) => ({ error }) }),
        ),
      ),
    signedIn: () => waitFor(auth, (s) => s.matches({ AUTHENTICATED: "ready" })),
    dispose: async () => {
      started.stop()
      await runtime.dispose()
    },
  }
}
