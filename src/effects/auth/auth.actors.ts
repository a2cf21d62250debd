import { fromPromise } from "xstate"
import { authMachine } from "../../machines/auth/auth.machine"
import type { LoginResponse, RefreshResponse, User } from "../../schema/auth/auth"
import { takeEarlyRefresh } from "./early-refresh-take"
import { noSessionHint } from "./session-hint-store"

// The auth machine with its IO: each actor one AuthApi call. The calls arrive as
// plain promises (./auth-calls.ts runs them on the runtime), so that this module, which the sign-in page
// loads before its first render, holds no Effect code: the runtime loads on the first call.

/** AuthApi's calls, each run to a promise that rejects with the call's Failure. */
export interface AuthCalls {
  readonly refresh: () => Promise<RefreshResponse>
  readonly login: (email: string, password: string) => Promise<LoginResponse>
  readonly profile: () => Promise<User>
  /** Never rejects: local state is cleared anyway (docs/behaviour.md#auth-status). */
  readonly logout: () => Promise<void>
}

/** Why the start-up refresh of a browser without a session fails, asked of neither the server nor the runtime. */
export class NoSessionHere extends Error {
  override readonly name = "NoSessionHere"
  constructor() {
    super("No session in this browser (no session hint cookie): the start-up refresh was not asked for")
  }
}

export function provideAuth(calls: AuthCalls) {
  // The silent refresh at start takes over the one index.html's script began, if it got a token; otherwise it
  // refreshes as the queue does (docs/behaviour.md#early-refresh). Without the hint cookie the browser holds no
  // refresh cookie: the answer is known without loading the services that would ask.
  const silentRefresh = fromPromise<RefreshResponse>(async () => {
    const early = await takeEarlyRefresh()
    if (early !== null) return { access: early }
    if (noSessionHint()) throw new NoSessionHere()
    return calls.refresh()
  })
  return authMachine.provide({
    actors: {
      refreshToken: silentRefresh,
      login: fromPromise<LoginResponse, { email: string; password: string }>(({ input }) =>
        calls.login(input.email, input.password),
      ),
      fetchProfile: fromPromise<User>(() => calls.profile()),
      logoutCall: fromPromise<void>(() => calls.logout()),
    },
  })
}
