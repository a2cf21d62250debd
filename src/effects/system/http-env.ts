import { Context, Layer } from "effect"

/**
 * What the Api service needs from the outside world, in one service: a fetch, the TokenSource (the access
 * token held in memory by the auth actor) and the RefreshGate (the refresh queue). They always come together
 * from one running actor system (actor-http-env.ts); tests provide fakes of the same shape.
 */
export interface HttpEnvShape {
  readonly fetch: typeof fetch
  /** TokenSource. */
  readonly currentToken: () => string | null
  /** RefreshGate: joins (or starts) the one refresh in flight; resolves with the new access token. */
  readonly awaitFreshToken: () => Promise<string>
}

export class HttpEnv extends Context.Service<HttpEnv, HttpEnvShape>()("app/HttpEnv") {
  static readonly layer = (env: HttpEnvShape) => Layer.succeed(HttpEnv, env)
}
