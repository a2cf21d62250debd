import { type AnySystem, lookup } from "../../machines/system/registry"
import { awaitFreshToken } from "../auth/refresh-gate"
import type { HttpEnvShape } from "./http-env"

/**
 * The Api's outside world taken from a running actor system: the TokenSource is the auth actor's snapshot
 * (the access token lives in memory only, never in localStorage) and the RefreshGate is the refresh queue.
 * `system` is late-bound because the runtime is built before the actors that it serves are started.
 */
export function actorHttpEnv(
  system: () => AnySystem | undefined,
  fetch: typeof globalThis.fetch,
): HttpEnvShape {
  return {
    fetch,
    currentToken: () => {
      const running = system()
      return (running && lookup(running, "auth")?.getSnapshot().context.accessToken) || null
    },
    awaitFreshToken: () => {
      const running = system()
      return awaitFreshToken(running ? lookup(running, "refresh") : undefined)
    },
  }
}
