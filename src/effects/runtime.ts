import { Cause, type Effect, Exit, Layer, ManagedRuntime } from "effect"
import { Api } from "./api"
import { AuthApi } from "./auth-api"
import { Config, type ConfigShape } from "./config"
import { HttpEnv, type HttpEnvShape } from "./http-env"

export type AppServices = Api | AuthApi

/** Every client service, over one Config and one HttpEnv. Later services join this layer. */
export function appLayer(config: ConfigShape, env: HttpEnvShape) {
  return Layer.mergeAll(AuthApi.layer).pipe(
    Layer.provideMerge(Api.layer),
    Layer.provide(Layer.mergeAll(Config.layer(config), HttpEnv.layer(env))),
  )
}

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>

export const makeRuntime = (config: ConfigShape, env: HttpEnvShape): AppRuntime =>
  ManagedRuntime.make(appLayer(config, env))

/** Runs an effect for an actor: resolves with its value or rejects with its own typed error. */
export async function runForActor<A, E>(runtime: AppRuntime, effect: Effect.Effect<A, E, AppServices>): Promise<A> {
  const exit = await runtime.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}
