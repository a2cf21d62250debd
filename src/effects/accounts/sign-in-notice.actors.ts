import { fromPromise } from "xstate"
import { signInNoticeMachine } from "../../machines/accounts/sign-in-notice.machine"
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"
import type { RuntimeLoader } from "../system/runtime-loader"

/** The sign-in notice's one call, made once the runtime has loaded (after the sign-in page has painted). */
export function provideSignInNotice(runtime: RuntimeLoader) {
  return signInNoticeMachine.provide({
    actors: {
      loadNotice: fromPromise<SignInNotice>(() => runtime.get().then((r) => r.accounts.signInNotice())),
    },
  })
}
