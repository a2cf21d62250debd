import { fromPromise } from "xstate"
import { signInNoticeMachine } from "../../machines/accounts/sign-in-notice.machine"
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"
import { afterFirstPaint } from "../system/idle"
import type { RuntimeLoader } from "../system/runtime-loader"

/** The sign-in notice's one call, made once the runtime has loaded (after the sign-in page has painted). */
export function provideSignInNotice(runtime: RuntimeLoader) {
  return signInNoticeMachine.provide({
    actors: {
      // Asked only after the first paint: the runtime it needs must not join the sign-in page's first requests.
      loadNotice: fromPromise<SignInNotice>(() =>
        new Promise<void>((resolve) => {
          afterFirstPaint(resolve)
        })
          .then(() => runtime.get())
          .then((r) => r.accounts.signInNotice()),
      ),
    },
  })
}
