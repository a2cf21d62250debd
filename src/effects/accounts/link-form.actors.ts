import { fromPromise } from "xstate"
import {
  invitationMachine,
  type LinkInfo,
  passwordResetMachine,
} from "../../machines/accounts/link-form.machine"
import type { AcceptInvitationBody } from "../../schema/accounts/invitation"
import type { ResetPasswordBody } from "../../schema/accounts/password-reset"
import type { LoginResponse } from "../../schema/auth/auth"
import type { RuntimeLoader } from "../system/runtime-loader"
import { loadAccountCalls } from "./account-calls-loader"

// The invitation and password-reset pages' machines with their IO: each actor one call, made once the runtime
// has loaded.

export function provideInvitation(runtime: RuntimeLoader) {
  return invitationMachine.provide({
    actors: {
      checkLink: fromPromise<LinkInfo, { token: string }>(({ input }) =>
        loadAccountCalls(runtime).then((a) => a.invitation(input.token)),
      ),
      submit: fromPromise<LoginResponse, { token: string; body: AcceptInvitationBody }>(({ input }) =>
        loadAccountCalls(runtime).then((a) => a.acceptInvitation(input.token, input.body)),
      ),
    },
  })
}

export function providePasswordReset(runtime: RuntimeLoader) {
  return passwordResetMachine.provide({
    actors: {
      checkLink: fromPromise<LinkInfo, { token: string }>(({ input }) =>
        loadAccountCalls(runtime).then((a) => a.passwordResetLink(input.token)),
      ),
      submit: fromPromise<LoginResponse, { token: string; body: ResetPasswordBody }>(({ input }) =>
        loadAccountCalls(runtime).then((a) => a.resetPassword(input.token, input.body)),
      ),
    },
  })
}
