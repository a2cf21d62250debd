// What /user-settings shows of your second factors, and the recovery codes you may replace.
import type { SecondFactorStatus } from "../../../src/schema/accounts/second-factor"
import type { AuthDeps } from "../../auth/session"
import type { AuthUser } from "../../auth/users"
import { conflict } from "../../errors"
import { notifySecurity } from "../account-notices"
import { passkeysOf, toPasskeyJson } from "../passkeys/store"
import { SECOND_FACTOR_NOTICES } from "./notices"
import { TOTP_MESSAGES } from "./own-totp"
import { isRequired } from "./policy"
import { issueRecoveryCodes, recoveryCodesLeft } from "./recovery-codes"
import { trustedUntil } from "./trusted-browser"

export async function ownStatus(
  deps: AuthDeps,
  user: AuthUser,
  sessionId: string,
): Promise<SecondFactorStatus> {
  const now = new Date(deps.clock.now())
  const [totp, left, passkeys, required, until] = await Promise.all([
    deps.db
      .selectFrom("totp_factor")
      .select("confirmed_at")
      .where("user_id", "=", user.id)
      .where("confirmed_at", "is not", null)
      .executeTakeFirst(),
    recoveryCodesLeft(deps.db, user.id),
    passkeysOf(deps.db, user.id),
    isRequired(deps.db, user.user_category),
    trustedUntil(deps.db, user.id, sessionId, now),
  ])
  return {
    totp: {
      enabled: totp !== undefined,
      added_at: totp?.confirmed_at ? new Date(totp.confirmed_at).toISOString() : null,
    },
    recovery_codes_left: left,
    passkeys: passkeys.map(toPasskeyJson),
    required,
    trusted_browser_until: until?.toISOString() ?? null,
  }
}

/** Ten new recovery codes; the old ones stop working. Only with an authenticator app, which they stand in for. */
export async function regenerateRecoveryCodes(deps: AuthDeps, user: AuthUser): Promise<string[]> {
  const totp = await deps.db
    .selectFrom("totp_factor")
    .select("user_id")
    .where("user_id", "=", user.id)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst()
  if (!totp) throw conflict(TOTP_MESSAGES.none)
  const codes = await issueRecoveryCodes(deps.db, user.id)
  await notifySecurity(deps.db, user.id, SECOND_FACTOR_NOTICES.recoveryCodesReplaced())
  return codes
}
