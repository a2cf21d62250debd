import { fromPromise } from "xstate"
import { forgotPasswordMachine } from "../../machines/accounts/forgot-password.machine"
import type { ResetRequested } from "../../schema/accounts/password-reset"
import type { RuntimeLoader } from "../system/runtime-loader"
import { loadAccountCalls } from "./account-calls-loader"

// The forgot-password page's machine with its IO: one call, made once the runtime has loaded.

export function provideForgotPassword(runtime: RuntimeLoader) {
  return forgotPasswordMachine.provide({
    actors: {
      requestReset: fromPromise<ResetRequested, { email: string }>(({ input }) =>
        loadAccountCalls(runtime).then((a) => a.requestPasswordReset(input.email)),
      ),
    },
  })
}
