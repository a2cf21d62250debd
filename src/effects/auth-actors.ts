import { Effect } from "effect"
import { fromPromise } from "xstate"
import { authMachine } from "../machines/auth.machine"
import { refreshMachine } from "../machines/refresh.machine"
import type { LoginResponse, RefreshResponse, User } from "../schema/auth"
import { AuthApi } from "./auth-api"
import { takeEarlyRefresh } from "./early-refresh"

// The session machines (auth, refresh queue) with their IO: each actor one AuthApi call.

type Run = <A, E>(effect: Effect.Effect<A, E, AuthApi>) => Promise<A>

export function provideAuth(run: Run) {
  const refreshToken = fromPromise<RefreshResponse>(() => run(AuthApi.use((a) => a.refresh)))
  // The silent refresh at start takes over the one index.html's script began, if it got a token; otherwise it
  // refreshes as the queue does (docs/behaviour.md#early-refresh).
  const silentRefresh = fromPromise<RefreshResponse>(async () => {
    const early = await takeEarlyRefresh()
    return early === null ? run(AuthApi.use((a) => a.refresh)) : { access: early }
  })
  return {
    auth: authMachine.provide({
      actors: {
        refreshToken: silentRefresh,
        login: fromPromise<LoginResponse, { email: string; password: string }>(({ input }) =>
          run(AuthApi.use((a) => a.login(input.email, input.password))),
        ),
        fetchProfile: fromPromise<User>(() => run(AuthApi.use((a) => a.profile))),
        // Errors are ignored: local state is already cleared (docs/behaviour.md#auth-status).
        logoutCall: fromPromise<void>(() => run(AuthApi.use((a) => a.logout).pipe(Effect.ignore))),
      },
    }),
    refresh: refreshMachine.provide({ actors: { refreshToken } }),
  }
}
