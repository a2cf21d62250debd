// Changing your own password: the current one is asked (a wrong one counts against the sign-in limits, so a
// session left open is no way to guess it), the new one keeps the password rules, and every other session of
// yours is signed out, while the one that asked stays signed in.
import type { ChangePasswordBody } from "../../src/schema/accounts/user-settings"
import { addressKey } from "../auth/client-address"
import { MESSAGES } from "../auth/constants"
import { countFailures, lockFrom, recordFailure } from "../auth/login-failures"
import type { AuthDeps } from "../auth/session"
import type { AuthUser } from "../auth/users"
import { conflict, invalid, tooManyRequests } from "../errors"
import { notifySecurity, SECURITY_NOTICES } from "./account-notices"
import { recordAccountEvent } from "./history"
import { assertPasswordAllowed } from "./password-rules"
import type { ClientRequest } from "./sign-ins"
import { signOutSessions } from "./sign-out-everywhere"
import { parseUserAgent } from "./user-agent"

export const PASSWORD_CHANGE_MESSAGES = {
  wrongCurrent: "Current password: this is not your current password.",
  same: "New password: choose one different from your current password.",
  changedMeanwhile: "Your password was changed meanwhile by another session: sign in again.",
  changed: (n: number) =>
    n === 0
      ? "Your password was changed."
      : `Your password was changed; ${n} other ${n === 1 ? "session was" : "sessions were"} signed out.`,
} as const

/** Changes the password of `user`, asked from the session `sessionId`; returns how many sessions ended. */
export async function changeOwnPassword(
  deps: AuthDeps,
  user: AuthUser,
  sessionId: string,
  body: ChangePasswordBody,
  client: ClientRequest,
): Promise<number> {
  const now = new Date(deps.clock.now())
  // No device cookie here (it is sent to the sign-in path only): a wrong current password counts as an
  // untrusted guess at the account, as before device cookies.
  const attempt = { email: user.email, address: addressKey(client.address), device: null }
  const counts = await countFailures(deps.db, attempt, now, deps.loginLimits)
  const wait = lockFrom(counts, false, deps.loginLimits, now, false)
  if (wait > 0) throw tooManyRequests(MESSAGES.tooManyLogins, wait)
  const { password_hash: previous } = await deps.db
    .selectFrom("app_user")
    .select("password_hash")
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow()
  if (!(await deps.passwords.verify(body.current_password, previous))) {
    const over = await recordFailure(deps.db, attempt, now, deps.loginLimits)
    if (over > 0) throw tooManyRequests(MESSAGES.tooManyLogins, over)
    throw invalid(PASSWORD_CHANGE_MESSAGES.wrongCurrent)
  }
  if (body.new_password === body.current_password) throw invalid(PASSWORD_CHANGE_MESSAGES.same)
  assertPasswordAllowed(body.new_password, user.email)
  const next = await deps.passwords.hash(body.new_password)
  await deps.db.transaction().execute(async (tx) => {
    // Only over the hash that was verified: of two changes at once, the second is told, not silently lost.
    const changed = await tx
      .updateTable("app_user")
      .set({ password_hash: next, updated_at: now })
      .where("id", "=", user.id)
      .where("password_hash", "=", previous)
      .executeTakeFirst()
    if (changed.numUpdatedRows === 0n) throw conflict(PASSWORD_CHANGE_MESSAGES.changedMeanwhile)
    await recordAccountEvent(tx, {
      userId: user.id,
      actorId: user.id,
      kind: "password_changed",
      detail: "Changed their password",
      now,
    })
  })
  const ended = await signOutSessions(deps, user.id, now, sessionId)
  await notifySecurity(
    deps.db,
    user.id,
    SECURITY_NOTICES.passwordChanged(
      { ...parseUserAgent(client.userAgent), address: client.address },
      ended.length,
    ),
  )
  return ended.length
}
