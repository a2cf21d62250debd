// After the right password: the session at once for an account without a second factor (and not required to
// have one) or from a browser it trusts; otherwise a typed challenge, answered on /login/second-factor/ (or, when
// the policy requires a factor the account lacks, by setting one up first).
import type { LoginChallenge } from "../../../src/schema/accounts/second-factor"
import type { AuthDeps, PasswordChecked, Session } from "../../auth/session"
import { openSession } from "../../auth/session"
import type { SecondFactorSettings } from "../../config"
import { factorsOf, hasFactor, methodsOf } from "./factors"
import { openChallenge } from "./login-challenges"
import { isRequired } from "./policy"
import { trustedNonce } from "./trusted-browser"

export type AfterPassword =
  | { readonly session: Session; readonly trustedNonce: string | null }
  | LoginChallenge

export async function afterPassword(
  deps: AuthDeps,
  settings: SecondFactorSettings,
  checked: PasswordChecked,
): Promise<AfterPassword> {
  const now = new Date(deps.clock.now())
  const { user } = checked
  const factors = await factorsOf(deps.db, user.id)
  const expires_in = settings.challengeSeconds
  if (hasFactor(factors)) {
    const trusted = await trustedNonce(deps.db, checked.device, user.id, now)
    if (trusted !== null) return { session: await openSession(deps, user), trustedNonce: trusted }
    const token = await openChallenge(deps.db, user.id, "second_factor", now, expires_in)
    return { challenge: { kind: "second_factor", token, methods: methodsOf(factors), expires_in } }
  }
  if (await isRequired(deps.db, user.user_category)) {
    const token = await openChallenge(deps.db, user.id, "setup_required", now, expires_in)
    return { challenge: { kind: "setup_required", token, expires_in } }
  }
  return { session: await openSession(deps, user), trustedNonce: null }
}
