import { fromPromise } from "xstate"
import { forgotPasswordMachine } from "../../machines/accounts/forgot-password.machine"
import type { ResetRequested } from "../../schema/accounts/password-reset"
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"
import type { RuntimeLoader } from "../system/runtime-loader"

// The forgot-password page's machine with its IO: each actor one call, made once the runtime has loaded.

export function provideForgotPassword(runtime: RuntimeLoader) {
  return forgotPasswordMachine.provide({
    actors: {
      // The sign-in page's notice says whether this server mails.
      checkMail: fromPromise<SignInNotice>(() => runtime.get().then((r) => r.accounts.signInNotice())),
      requestReset: fromPromise<ResetRequested, { email: string }>(({ input }) =>
        runtime.get().then((r) => r.accounts.requestPasswordReset(input.email)),
      ),
    },
  })
}
