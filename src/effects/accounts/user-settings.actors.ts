import type { Effect } from "effect"
import { fromPromise } from "xstate"
import {
  type AccountOverview,
  type PasswordChange,
  type SessionsToEnd,
  userSettingsMachine,
} from "../../machines/accounts/user-settings.machine"
import type { SignedOut } from "../../schema/accounts/user-settings"
import { myAccountApi } from "../../schema/api/my-account"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

const calls = myAccountApi.endpoints

/** The /user-settings page's calls: your sessions and sign-ins read together, a password change, sign-outs. */
export function provideUserSettings(run: Run) {
  return userSettingsMachine.provide({
    actors: {
      loadOverview: fromPromise<AccountOverview>(async () => {
        const [sessions, signIns] = await Promise.all([
          run(Api.use((api) => callEndpoint(api, calls.sessions, {}))),
          run(Api.use((api) => callEndpoint(api, calls.signIns, {}))),
        ])
        return { sessions: sessions.results, signIns: signIns.results }
      }),
      changePassword: fromPromise<SignedOut, PasswordChange>(({ input }) =>
        run(
          Api.use((api) =>
            callEndpoint(api, calls.changePassword, {
              payload: { current_password: input.currentPassword, new_password: input.newPassword },
            }),
          ),
        ),
      ),
      endSessions: fromPromise<SignedOut, SessionsToEnd>(({ input }) =>
        run(
          Api.use((api) =>
            input.kind === "one"
              ? callEndpoint(api, calls.signOutSession, { params: { id: input.id } })
              : callEndpoint(api, calls.signOutOtherSessions, {}),
          ),
        ),
      ),
    },
  })
}
