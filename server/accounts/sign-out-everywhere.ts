// Ends sessions of an account the way a sign-out does, on every instance: refresh tokens revoked, the
// sessions recorded as revoked (their access tokens refused, their sockets closed through NOTIFY).

import { recordRevocation } from "../auth/revocations"
import type { AuthDeps } from "../auth/session"

/**
 * Every session of the user but `keep` (this browser's, when one signs the others out), or only the session
 * `only` (one signed out from the session list). Returns their ids.
 */
export async function signOutSessions(
  deps: Pick<AuthDeps, "db" | "revocations" | "revocationKeepMs">,
  userId: number,
  now: Date,
  keep: string | null = null,
  only: string | null = null,
): Promise<string[]> {
  const ended = await deps.db.transaction().execute(async (tx) => {
    let query = tx
      .updateTable("refresh_token")
      .set({ revoked_at: now })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
    if (keep !== null) query = query.where("family_id", "!=", keep)
    if (only !== null) query = query.where("family_id", "=", only)
    const rows = await query.returning("family_id").execute()
    const families = [...new Set(rows.map((row) => row.family_id))]
    for (const family of families) await recordRevocation(tx, family, now, deps.revocationKeepMs)
    return families
  })
  for (const family of ended) deps.revocations.remember(family)
  return ended
}
