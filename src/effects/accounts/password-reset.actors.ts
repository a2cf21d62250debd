import { fromPromise } from "xstate"
import { passwordResetMachine } from "../../machines/accounts/password-reset.machine"
import type { ResetLinkInfo, ResetPasswordBody } from "../../schema/accounts/password-reset"
import type { LoginResponse } from "../../schema/auth/auth"
import type { RuntimeLoader } from "../system/runtime-loader"

// The password-reset page's machine with its IO: each actor one call, made once the runtime has loaded, so
// that this module (in the sign-in page's code) holds no Effect code.

export function providePasswordReset(runtime: RuntimeLoader) {
  return passwordResetMachine.provide({
    actors: {
      checkLink: fromPromise<ResetLinkInfo, { token: string }>(({ input }) =>
        runtime.get().then((r) => r.accounts.passwordResetLink(input.token)),
      ),
      resetPassword: fromPromise<LoginResponse, { token: string; body: ResetPasswordBody }>(({ input }) =>
        runtime.get().then((r) => r.accounts.resetPassword(input.token, input.body)),
      ),
    },
  })
}
