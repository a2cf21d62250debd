import { fromPromise } from "xstate"
import { signInNoticeMachine } from "../../machines/accounts/sign-in-notice.machine"
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"
import { afterFirstPaint } from "../system/idle"
import type { RuntimeLoader } from "../system/runtime-loader"
import { loadAccountCalls } from "./account-calls-loader"
import { takeEarlyNotice } from "./early-notice-take"

/**
 * The sign-in notice's one call: the answer index.html's inline script asked for, when it has one; otherwise
 * made once the runtime has loaded (after the sign-in page has painted).
 */
export function provideSignInNotice(runtime: RuntimeLoader) {
  return signInNoticeMachine.provide({
    actors: {
      loadNotice: fromPromise<SignInNotice>(async () => {
        const early = await (takeEarlyNotice() ?? null)
        if (early) return early
        // Asked only after the first paint: the runtime it needs must not join the sign-in page's first requests.
        await new Promise<void>((resolve) => {
          afterFirstPaint(resolve)
        })
        return (await loadAccountCalls(runtime)).signInNotice()
      }),
    },
  })
}
