// "Trust this browser for 30 days": the browser's device cookie (server/auth/device-cookie.ts), by its nonce,
// skips the second factor of the account it names until then. Every sign-in gives the browser a new device
// cookie, and the trust moves to the new nonce (with the new session, so /user-settings can tell "this
// browser"); it never lasts beyond the date it was first given.
import type { Kysely, Transaction } from "kysely"
import type { DeviceCookie } from "../../auth/device-cookie"
import type { Database } from "../../db/schema"

type Db = Kysely<Database> | Transaction<Database>

/** The trust of this browser's cookie for `userId`, if live: the nonce it was given to. */
export async function trustedNonce(
  db: Db,
  device: DeviceCookie | null,
  userId: number,
  now: Date,
): Promise<string | null> {
  if (device === null || device.userId !== userId) return null
  const row = await db
    .selectFrom("trusted_browser")
    .select("nonce")
    .where("nonce", "=", device.nonce)
    .where("user_id", "=", userId)
    .where("trusted_until", ">", now)
    .executeTakeFirst()
  return row?.nonce ?? null
}

export async function trustBrowser(
  db: Db,
  userId: number,
  nonce: string,
  sessionId: string,
  now: Date,
  days: number,
): Promise<void> {
  await db.deleteFrom("trusted_browser").where("trusted_until", "<=", now).execute()
  await db
    .insertInto("trusted_browser")
    .values({
      nonce,
      user_id: userId,
      session_id: sessionId,
      trusted_until: new Date(now.getTime() + days * 86_400_000),
    })
    .onConflict((oc) => oc.column("nonce").doNothing())
    .execute()
}

/** The trust moves with the browser to its new device cookie and session. */
export async function moveTrust(db: Db, from: string, to: string, sessionId: string): Promise<void> {
  await db
    .updateTable("trusted_browser")
    .set({ nonce: to, session_id: sessionId })
    .where("nonce", "=", from)
    .execute()
}

/** Until when the browser of `sessionId` is trusted, or null. */
export async function trustedUntil(
  db: Db,
  userId: number,
  sessionId: string,
  now: Date,
): Promise<Date | null> {
  const row = await db
    .selectFrom("trusted_browser")
    .select("trusted_until")
    .where("user_id", "=", userId)
    .where("session_id", "=", sessionId)
    .where("trusted_until", ">", now)
    .executeTakeFirst()
  return row ? new Date(row.trusted_until) : null
}

export async function forgetBrowser(db: Db, userId: number, sessionId: string): Promise<void> {
  await db
    .deleteFrom("trusted_browser")
    .where("user_id", "=", userId)
    .where("session_id", "=", sessionId)
    .execute()
}

/** Every trust of the account ends (its factors were reset). */
export async function forgetAllBrowsers(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("trusted_browser").where("user_id", "=", userId).execute()
}
