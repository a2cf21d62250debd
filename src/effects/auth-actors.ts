import { Effect } from "effect"
import { fromPromise } from "xstate"
import { authMachine } from "../machines/auth.machine"
import { refreshMachine } from "../machines/refresh.machine"
import type { LoginResponse, RefreshResponse, User } from "../schema/auth"
import { AuthApi } from "./auth-api"

// The session machines (auth, refresh queue) with their IO: each actor one AuthApi call.

type Run = <A, E>(effect: Effect.Effect<A, E, AuthApi>) => Promise<A>

export function provideAuth(run: Run) {
  // One implementation for both callers: the silent refresh at start and the queue's refresh after a 401.
  const refreshToken = fromPromise<RefreshResponse>(() => run(AuthApi.use((a) => a.refresh)))
  return {
    auth: authMachine.provide({
      actors: {
        refreshToken,
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
