// Adopts the sign-in notice index.html's inline script asked for while the JavaScript downloaded
// (docs/behaviour.md#early-refresh).
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"
import { EARLY_NOTICE_KEY } from "../../schema/auth/early-refresh"
import { takeStarted } from "../system/take-started"

/**
 * The notice in an early answer, or null for anything else (no answer, a refusal, a stray value). Checked here
 * rather than by its Schema: on the sign-in page Schema comes with the runtime, after the first paint, and
 * waiting for it would put back the round trip the early call saves. The notice is two flags.
 */
export function earlyNotice(answer: unknown): SignInNotice | null {
  if (typeof answer !== "object" || answer === null || !("demo_accounts" in answer) || !("mail" in answer))
    return null
  const { demo_accounts, mail } = answer
  return typeof demo_accounts === "boolean" && typeof mail === "boolean" ? { demo_accounts, mail } : null
}

/**
 * The early notice, taken once (the property is removed as it is read: a later visit of the page asks the
 * server again, as an admin may have removed the demo accounts meanwhile). Null when none was asked for here; a
 * promise of null when it gave no notice, and the caller then asks as it always did.
 */
export function takeEarlyNotice(): Promise<SignInNotice | null> | null {
  return takeStarted(EARLY_NOTICE_KEY, earlyNotice)
}
