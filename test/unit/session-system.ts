import { Effect, Layer, ManagedRuntime, Schema } from "effect"
import { type Actor, type ActorRefFrom, createActor, setup, waitFor } from "xstate"
import { actorHttpEnv } from "../../src/effects/actor-http-env"
import { Api } from "../../src/effects/api"
import { provideAuth } from "../../src/effects/auth-actors"
import { AuthApi } from "../../src/effects/auth-api"
import { Config } from "../../src/effects/config"
import { HttpEnv } from "../../src/effects/http-env"
import { provideProfile } from "../../src/effects/profile-actors"
import { runForActor } from "../../src/effects/runtime"
import { Storage } from "../../src/effects/storage"
import type { authMachine } from "../../src/machines/auth.machine"
import { SYSTEM_IDS } from "../../src/machines/system-ids"
import type { Failure } from "../../src/schema/failure"
import type { FakeAuthServer } from "./fake-auth-server"

const Thing = Schema.Struct({ ok: Schema.String })

/**
 * The session half of the app: the real Api, AuthApi, RefreshGate, auth and refresh-queue machines and their
 * real actor adapters, wired as startApp wires them, but without the feature machines, so that these tests
 * depend on nothing else in the tree.
 */
export function startSession(server: FakeAuthServer) {
  let root: Actor<typeof sessionRoot> | null = null
  const env = actorHttpEnv((systemId) => root?.system.get(systemId), server.fetch)
  const layer = AuthApi.layer.pipe(
    Layer.provideMerge(Api.layer),
    Layer.provide(
      Layer.mergeAll(
        Config.layer({ apiBaseUrl: "http://app.test", socketBaseUrl: "ws://app.test" }),
        HttpEnv.layer(env),
      ),
    ),
    Layer.provideMerge(Storage.layerFrom(null)),
  )
  const runtime = ManagedRuntime.make(layer)
  const sessionRoot = setup({
    actors: {
      ...provideAuth((effect) => runForActor(runtime, effect)),
      ...provideProfile((effect) => runForActor(runtime, effect)),
    },
  }).createMachine({
    invoke: [
      { id: SYSTEM_IDS.refresh, systemId: SYSTEM_IDS.refresh, src: "refresh" },
      { id: SYSTEM_IDS.auth, systemId: SYSTEM_IDS.auth, src: "auth" },
      { id: SYSTEM_IDS.profile, systemId: SYSTEM_IDS.profile, src: "profile" },
    ],
  })
  root = createActor(sessionRoot).start()
  const started = root
  const auth = started.system.get(SYSTEM_IDS.auth) as ActorRefFrom<typeof authMachine>
  return {
    root: started,
    auth,
    runtime,
    /** The protected query, settled as a value so that a batch of them can be awaited together. */
    get: (i: number | string): Promise<{ value: { ok: string } } | { error: Failure }> =>
      runtime.runPromise(
        Api.use((api) => api.get("/api/v1/things/", { query: { i }, schema: Thing })).pipe(
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
