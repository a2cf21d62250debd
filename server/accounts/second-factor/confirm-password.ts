// Removing a factor or replacing the recovery codes asks for the password again: a session left open is no
// way to weaken the account. A wrong password counts against the sign-in limits, as a password change's does.
import { addressKey } from "../../auth/client-address"
import { MESSAGES } from "../../auth/constants"
import { countFailures, lockFrom, recordFailure } from "../../auth/login-failures"
import type { AuthDeps } from "../../auth/session"
import type { AuthUser } from "../../auth/users"
import { invalid, tooManyRequests } from "../../errors"

export const WRONG_PASSWORD = "Password: this is not your current password."

export async function confirmPassword(
  deps: AuthDeps,
  user: AuthUser,
  password: string,
  clientIp: string,
): Promise<void> {
  const now = new Date(deps.clock.now())
  const attempt = { email: user.email, address: addressKey(clientIp), device: null }
  const wait = lockFrom(
    await countFailures(deps.db, attempt, now, deps.loginLimits),
    false,
    deps.loginLimits,
    now,
    false,
  )
  if (wait > 0) throw tooManyRequests(MESSAGES.tooManyLogins, wait)
  const { password_hash } = await deps.db
    .selectFrom("app_user")
    .select("password_hash")
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow()
  if (await deps.passwords.verify(password, password_hash)) return
  const over = await recordFailure(deps.db, attempt, now, deps.loginLimits)
  if (over > 0) throw tooManyRequests(MESSAGES.tooManyLogins, over)
  throw invalid(WRONG_PASSWORD)
}
