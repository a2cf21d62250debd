import type { SignInFlowLogics } from "../../machines/accounts/sign-in-flows.machine"
import type { SignInFlowId } from "../../machines/accounts/sign-in-flows-registry"
import type { RuntimeLoader } from "../system/runtime-loader"
import { provideForgotPassword } from "./forgot-password.actors"
import { provideInvitation, providePasswordReset } from "./link-form.actors"
import { provideSignInNotice } from "./sign-in-notice.actors"

// The entry of the sign-in flows' chunk (../../machines/accounts/sign-in-flows.machine.ts): the signed-out
// pages' machines with their IO, on the root's runtime.

/** Each signed-out flow's machine with its IO, in the order they start. */
export function provideSignInFlows(runtime: RuntimeLoader): SignInFlowLogics {
  const flows = [
    ["signInNotice", provideSignInNotice(runtime)],
    ["invitation", provideInvitation(runtime)],
    ["forgotPassword", provideForgotPassword(runtime)],
    ["passwordReset", providePasswordReset(runtime)],
  ] as const satisfies ReadonlyArray<readonly [SignInFlowId, unknown]>
  return flows
}
