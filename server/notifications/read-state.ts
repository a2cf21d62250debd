// Marking read. Each change announces itself on the read channel in its own transaction, so every instance
// tells the user's other tabs (and, after the commit, never about a read that rolled back).
import { type Kysely, sql, type Transaction } from "kysely"
import type { Channel } from "../../src/schema/notifications/notifications"
import type { Database } from "../db/schema"
import { notFound } from "../errors"
import { READ_CHANNEL, readPayload } from "./channels"
import { DEFAULT_CHANNEL, MAX_NOTIFICATION_ID, NOTIFICATION_NOT_FOUND, unreadCount } from "./queries"

type Db = Kysely<Database> | Transaction<Database>

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work)

const announceRead = (tx: Db, userId: number, id: number | "all") =>
  sql`select pg_notify(${READ_CHANNEL}, ${readPayload(userId, id)})`.execute(tx)

/** Marks one of the user's notifications read (again is fine); 404 for an id that is not theirs. */
export async function markRead(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<{ unread_count: number }> {
  // An id no row can have (the body and the socket accept any positive integer) names nothing: 404, not a
  // query PostgreSQL would refuse as out of range.
  if (id > MAX_NOTIFICATION_ID) throw notFound(NOTIFICATION_NOT_FOUND)
  return inTransaction(db, async (tx) => {
    const row = await tx
      .selectFrom("notification")
      .select(["is_read", "channel"])
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst()
    if (!row) throw notFound(NOTIFICATION_NOT_FOUND)
    if (!row.is_read) {
      await tx
        .updateTable("notification")
        .set({ is_read: true, read_at: now })
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .execute()
      await announceRead(tx, userId, id)
    }
    return { unread_count: await unreadCount(tx, userId, row.channel) }
  })
}

export async function markAllRead(
  db: Db,
  userId: number,
  now: Date,
  channel: Channel = DEFAULT_CHANNEL,
): Promise<{ marked: number }> {
  return inTransaction(db, async (tx) => {
    const result = await tx
      .updateTable("notification")
      .set({ is_read: true, read_at: now })
      .where("user_id", "=", userId)
      .where("channel", "=", channel)
      .where("is_read", "=", false)
      .executeTakeFirst()
    const marked = Number(result.numUpdatedRows)
    if (marked > 0) await announceRead(tx, userId, "all")
    return { marked }
  })
}
