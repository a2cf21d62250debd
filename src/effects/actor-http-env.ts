import type { AnyActorRef } from "xstate"
import type { AuthContext } from "../machines/auth.machine"
import { SYSTEM_IDS, type SystemId } from "../machines/system-ids"
import type { HttpEnvShape } from "./http-env"
import { awaitFreshToken } from "./refresh-gate"

/**
 * The Api's outside world taken from a running actor system: the TokenSource is the auth actor's snapshot
 * (the access token lives in memory only, never in localStorage) and the RefreshGate is the refresh queue.
 * `lookup` is late-bound because the runtime is built before the actors that it serves are started.
 */
export function actorHttpEnv(
  lookup: (systemId: SystemId) => AnyActorRef | undefined,
  fetch: typeof globalThis.fetch,
): HttpEnvShape {
  return {
    fetch,
    currentToken: () => {
      const context = lookup(SYSTEM_IDS.auth)?.getSnapshot().context as AuthContext | undefined
      return context?.accessToken ?? null
    },
    awaitFreshToken: () => awaitFreshToken(lookup(SYSTEM_IDS.refresh)),
  }
}
