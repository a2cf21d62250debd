import { forgotPasswordMachine } from "./forgot-password.machine"
import { invitationMachine, passwordResetMachine } from "./link-form.machine"
import { signInNoticeMachine } from "./sign-in-notice.machine"

// The signed-out part of the registry (../system/registry.ts): the machines of the sign-in page's notice and of
// the public account pages. They load in a chunk of their own once a signed-out page asks for them
// (./sign-in-flows.machine.ts), so that a signed-in start never loads them.

/** The machines the sign-in flows' chunk brings, by the systemId each runs under. */
export const SIGN_IN_FLOW_ACTORS = {
  signInNotice: signInNoticeMachine,
  invitation: invitationMachine,
  forgotPassword: forgotPasswordMachine,
  passwordReset: passwordResetMachine,
} as const

export type SignInFlowId = keyof typeof SIGN_IN_FLOW_ACTORS

/** In the order they start. */
export const SIGN_IN_FLOW_IDS = [
  "signInNotice",
  "invitation",
  "forgotPassword",
  "passwordReset",
] as const satisfies ReadonlyArray<SignInFlowId>
type AssertTrue<T extends true> = T
/** Compiles only while SIGN_IN_FLOW_IDS lists every actor of SIGN_IN_FLOW_ACTORS. */
export type SignInFlowIdsComplete = AssertTrue<
  Exclude<SignInFlowId, (typeof SIGN_IN_FLOW_IDS)[number]> extends never ? true : false
>
