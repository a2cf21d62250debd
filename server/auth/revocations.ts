// Signed-out sessions in the database, and the NOTIFY that tells every instance at once. The row is what an
// instance reads when it starts or lost its listening connection; the notification is what makes a revocation
// reach the other instances within a second.
import { type Kysely, sql } from "kysely"
import type { Database } from "../db/schema"

type Db = Kysely<Database>

/** Payload: the session id (a uuid). */
export const SESSION_REVOKED_CHANNEL = "session_revoked"

/** Call inside the transaction that revokes the session's refresh tokens: both happen, or neither. */
export async function recordRevocation(tx: Db, sessionId: string, now: Date, keepMs: number): Promise<void> {
  await tx
    .insertInto("revoked_session")
    .values({ session_id: sessionId, revoked_at: now })
    .onConflict((oc) => oc.column("session_id").doNothing())
    .execute()
  await sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${sessionId})`.execute(tx)
  // Past keepMs no access token of a session revoked then is still alive.
  await tx
    .deleteFrom("revoked_session")
    .where("revoked_at", "<", new Date(now.getTime() - keepMs))
    .execute()
}

export async function revokedSince(
  db: Db,
  since: Date,
): Promise<ReadonlyArray<{ readonly sessionId: string; readonly revokedAt: Date }>> {
  const rows = await db
    .selectFrom("revoked_session")
    .select(["session_id", "revoked_at"])
    .where("revoked_at", ">=", since)
    .execute()
  return rows.map((row) => ({ sessionId: row.session_id, revokedAt: new Date(row.revoked_at) }))
}

export async function isRecordedRevoked(db: Db, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("revoked_session")
    .select("session_id")
    .where("session_id", "=", sessionId)
    .executeTakeFirst()
  return row !== undefined
}
