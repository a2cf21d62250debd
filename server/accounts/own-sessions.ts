// Your active sessions, and signing them out: one (any of yours but not another account's, which is a 404
// like a session that does not exist), or every one but this browser's. Each ends as a sign-out does, on every
// instance (sign-out-everywhere.ts), and you are told by a `security` notification, which every session of
// yours still signed in receives live.
import { type Kysely, sql } from "kysely"
import type { OwnSession } from "../../src/schema/accounts/user-settings"
import type { AuthDeps } from "../auth/session"
import type { Database } from "../db/schema"
import { notFound } from "../errors"
import { notifySecurity, SECURITY_NOTICES, type Seen } from "./account-notices"
import { signOutSessions } from "./sign-out-everywhere"

type Db = Kysely<Database>

export const SESSION_MESSAGES = {
  unknown: "No such session of yours: it may have ended already.",
  signedOut: "The session was signed out.",
  othersSignedOut: (n: number) => `${n} other ${n === 1 ? "session was" : "sessions were"} signed out.`,
} as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const orNull = (text: string | null): string | null => (text ? text : null)

/** Sessions with a token still usable: not revoked, not expired, not yet rotated (the family's newest). */
export async function activeSessions(
  db: Db,
  userId: number,
  current: string,
  now: Date,
): Promise<OwnSession[]> {
  const rows = await db
    .selectFrom("refresh_token as t")
    .leftJoin("account_session as s", "s.session_id", "t.family_id")
    .select([
      "t.family_id",
      "s.browser",
      "s.system",
      "s.address",
      sql<Date>`min(t.created_at)`.as("signed_in_at"),
      // Every refresh rotates the token: the newest one says when the session was last used.
      sql<Date>`max(t.created_at)`.as("last_used_at"),
    ])
    .where("t.user_id", "=", userId)
    .groupBy(["t.family_id", "s.browser", "s.system", "s.address"])
    .having(
      sql<boolean>`count(*) filter (where t.revoked_at is null and t.rotated_at is null and t.expires_at > ${now}) > 0`,
    )
    .orderBy("last_used_at", "desc")
    .execute()
  return rows.map((row) => ({
    id: row.family_id,
    browser: orNull(row.browser),
    system: orNull(row.system),
    address: orNull(row.address),
    signed_in_at: new Date(row.signed_in_at).toISOString(),
    last_used_at: new Date(row.last_used_at).toISOString(),
    current: row.family_id === current,
  }))
}

type Deps = Pick<AuthDeps, "db" | "revocations" | "revocationKeepMs">

async function clientOf(db: Db, sessionId: string): Promise<Seen> {
  const row = await db
    .selectFrom("account_session")
    .select(["browser", "system", "address"])
    .where("session_id", "=", sessionId)
    .executeTakeFirst()
  return row ?? { browser: "", system: "", address: "an unknown address" }
}

/** Signs out one session of the user's, from the session `by`; 404 for one that is not theirs or not active. */
export async function signOutOwnSession(
  deps: Deps,
  userId: number,
  sessionId: string,
  by: string,
  now: Date,
): Promise<number> {
  if (!UUID.test(sessionId)) throw notFound(SESSION_MESSAGES.unknown)
  const ended = await signOutSessions(deps, userId, now, null, sessionId)
  if (ended.length === 0) throw notFound(SESSION_MESSAGES.unknown)
  if (sessionId !== by)
    await notifySecurity(
      deps.db,
      userId,
      SECURITY_NOTICES.sessionSignedOut(await clientOf(deps.db, sessionId), await clientOf(deps.db, by)),
    )
  return ended.length
}

/** Every session of the user's but `keep`, the one asking. */
export async function signOutOtherSessions(
  deps: Deps,
  userId: number,
  keep: string,
  now: Date,
): Promise<number> {
  const ended = await signOutSessions(deps, userId, now, keep)
  if (ended.length > 0)
    await notifySecurity(
      deps.db,
      userId,
      SECURITY_NOTICES.othersSignedOut(ended.length, await clientOf(deps.db, keep)),
    )
  return ended.length
}
