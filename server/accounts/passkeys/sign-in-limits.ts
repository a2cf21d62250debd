// Passwordless sign-ins name no email, so a failed one is counted against its client address only (the
// per-address limit of server/auth/login-failures.ts): a script trying assertions is stopped like one trying
// passwords across accounts.
import { addressKey } from "../../auth/client-address"
import { MESSAGES } from "../../auth/constants"
import { countFailures, lockFrom } from "../../auth/login-failures"
import type { AuthDeps } from "../../auth/session"
import { tooManyRequests } from "../../errors"

/** Refuses with a 429 while the address is over its limit. */
export async function ensureAddressAllowed(deps: AuthDeps, clientIp: string, now: Date): Promise<void> {
  const attempt = { email: "", address: addressKey(clientIp), device: null }
  const counts = await countFailures(deps.db, attempt, now, deps.loginLimits)
  const wait = lockFrom({ ...counts, account: 0, accountOldest: null }, false, deps.loginLimits, now, false)
  if (wait > 0) throw tooManyRequests(MESSAGES.tooManyLogins, wait)
}

/** A failed passwordless sign-in, under no account's email. */
export async function recordAddressFailure(deps: AuthDeps, clientIp: string, now: Date): Promise<void> {
  await deps.db
    .insertInto("login_failure")
    .values({ email: "", address: addressKey(clientIp), device: null, failed_at: now })
    .execute()
}
