import { Cause, type Effect, Exit, Layer, ManagedRuntime } from "effect"
import { AuthApi } from "../auth/auth-api"
import type { TabChannel } from "../tabs/tab-channel"
import { Api } from "./api-client"
import { Config } from "./config"
import type { ConfigShape } from "./config-env"
import { HttpEnv, type HttpEnvShape } from "./http-env"
import { Storage } from "./storage"

export type AppServices = Api | AuthApi | Storage | Config | TabChannel

/**
 * The services the sign-in page needs, over one Config and one HttpEnv. The signed-in services join them in
 * the rest of the session's chunk (session-rest.actors.ts), on top of this runtime's own instances.
 */
export function appLayer(config: ConfigShape, env: HttpEnvShape, tabs: Layer.Layer<TabChannel>) {
  return AuthApi.layer.pipe(
    Layer.provideMerge(tabs),
    Layer.provideMerge(Api.layer),
    Layer.provide(HttpEnv.layer(env)),
    Layer.provideMerge(Config.layer(config)),
    Layer.provideMerge(Storage.layer),
  )
}

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>

export const makeRuntime = (
  config: ConfigShape,
  env: HttpEnvShape,
  tabs: Layer.Layer<TabChannel>,
): AppRuntime => ManagedRuntime.make(appLayer(config, env, tabs))

/**
 * Runs an effect for an actor: resolves with its value or rejects with its own typed error. Generic over the
 * runtime so that a test can run the same adapters on a runtime with fewer services.
 */
export async function runForActor<A, E, R>(
  runtime: ManagedRuntime.ManagedRuntime<R, never>,
  effect: Effect.Effect<A, E, NoInfer<R>>,
): Promise<A> {
  const exit = await runtime.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}
