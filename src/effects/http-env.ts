import { Context, Layer } from "effect"

/**
 * What the Api service needs from the outside world: a fetch, the access token held in memory by the
 * auth actor, and the refresh queue's gate. Tests provide fakes of the same shape.
 */
export interface HttpEnvShape {
  readonly fetch: typeof fetch
  readonly currentToken: () => string | null
  /** Joins (or starts) the one refresh in flight; resolves with the new access token. */
  readonly awaitFreshToken: () => Promise<string>
}

export class HttpEnv extends Context.Service<HttpEnv, HttpEnvShape>()("app/HttpEnv") {
  static readonly layer = (env: HttpEnvShape) => Layer.succeed(HttpEnv, env)
}
