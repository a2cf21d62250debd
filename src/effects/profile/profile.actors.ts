import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { profileMachine } from "../../machines/profile/profile.machine"
import type { ProfilePatch, User } from "../../schema/auth/auth"
import { AuthApi } from "../auth/auth-api"

type Run = <A, E>(effect: Effect.Effect<A, E, AuthApi>) => Promise<A>

/** The profile editor with its one call; it lives in the session chunk, since only /profile uses it. */
export function provideProfile(run: Run) {
  return profileMachine.provide({
    actors: {
      updateProfile: fromPromise<User, ProfilePatch>(({ input }) =>
        run(AuthApi.use((a) => a.updateProfile(input))),
      ),
    },
  })
}
