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

// The invitation and password-reset pages' machines with their IO: each actor one call, made once the runtime
// has loaded, so that this module (in the sign-in page's code) holds no Effect code.

export function provideInvitation(runtime: RuntimeLoader) {
  return invitationMachine.provide({
    actors: {
      checkLink: fromPromise<LinkInfo, { token: string }>(({ input }) =>
        runtime.get().then((r) => r.accounts.invitation(input.token)),
      ),
      submit: fromPromise<LoginResponse, { token: string; body: AcceptInvitationBody }>(({ input }) =>
        runtime.get().then((r) => r.accounts.acceptInvitation(input.token, input.body)),
      ),
    },
  })
}

export function providePasswordReset(runtime: RuntimeLoader) {
  return passwordResetMachine.provide({
    actors: {
      checkLink: fromPromise<LinkInfo, { token: string }>(({ input }) =>
        runtime.get().then((r) => r.accounts.passwordResetLink(input.token)),
      ),
      submit: fromPromise<LoginResponse, { token: string; body: ResetPasswordBody }>(({ input }) =>
        runtime.get().then((r) => r.accounts.resetPassword(input.token, input.body)),
      ),
    },
  })
}
