import { Effect } from "effect"
import { fromPromise } from "xstate"
import { appMachine } from "../machines/app.machine"
import { authMachine } from "../machines/auth.machine"
import { profileMachine } from "../machines/profile.machine"
import { refreshMachine } from "../machines/refresh.machine"
import { sidebarMachine } from "../machines/sidebar.machine"
import { uiPreferencesMachine } from "../machines/ui-preferences.machine"
import type { LoginResponse, ProfilePatch, RefreshResponse, User } from "../schema/auth"
import { AuthApi } from "./auth-api"
import { type AppRuntime, runForActor } from "./runtime"
import { uiPreferenceActions, watchColorScheme, watchViewport } from "./ui-actors"

/** The root machine with every invoked actor a thin adapter over a service call. */
export function provideApp(runtime: AppRuntime) {
  const run = <A, E>(effect: Effect.Effect<A, E, AuthApi>) => runForActor(runtime, effect)
  const refreshToken = fromPromise<RefreshResponse>(() => run(AuthApi.use((a) => a.refresh)))
  return appMachine.provide({
    actors: {
      auth: authMachine.provide({
        actors: {
          refreshToken,
          login: fromPromise<LoginResponse, { email: string; password: string }>(({ input }) =>
            run(AuthApi.use((a) => a.login(input.email, input.password))),
          ),
          fetchProfile: fromPromise<User>(() => run(AuthApi.use((a) => a.profile))),
          logoutCall: fromPromise<void>(() => run(AuthApi.use((a) => a.logout).pipe(Effect.ignore))),
        },
      }),
      refresh: refreshMachine.provide({ actors: { refreshToken } }),
      profile: profileMachine.provide({
        actors: {
          updateProfile: fromPromise<User, ProfilePatch>(({ input }) => run(AuthApi.use((a) => a.updateProfile(input)))),
        },
      }),
      sidebar: sidebarMachine.provide({ actors: { watchViewport } }),
      uiPreferences: uiPreferencesMachine.provide({ actors: { watchColorScheme }, actions: uiPreferenceActions }),
    },
  })
}
