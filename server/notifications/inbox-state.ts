// Marking unread, archiving and unarchiving: the inbox's state changes beyond a read. Like a read, each one is
// the user's own (another user's id is a 404), idempotent (asking again changes nothing and announces
// nothing), and announced on the read channel in its own transaction, so every instance tells the user's other
// tabs (and never about a change that rolled back).
import { type Kysely, sql, type Transaction } from "kysely"
import type { Database } from "../db/schema"
import { notFound } from "../errors"
import { appendLiveChange } from "../live/change-log"
import { READ_CHANNEL, readPayload, type StateChange } from "./channels"
import { MAX_NOTIFICATION_ID, NOTIFICATION_NOT_FOUND, unreadCount } from "./queries"

type Db = Kysely<Database> | Transaction<Database>

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work)

// The NOTIFY is for the page caches; the user's pages hear of the change from the change log.
const announce = async (tx: Db, userId: number, id: number, change: StateChange) => {
  await sql`select pg_notify(${READ_CHANNEL}, ${readPayload(userId, id, change)})`.execute(tx)
  await appendLiveChange(tx, { topic: "read", userId, ref: readPayload(userId, id, change) })
}

interface Row {
  readonly is_read: boolean
  readonly archived: boolean
  readonly channel: "in_app" | "push"
}

/** Locks the user's row for the change, or 404s for an id that is not theirs. */
async function ownRow(tx: Db, userId: number, id: number): Promise<Row> {
  if (id > MAX_NOTIFICATION_ID) throw notFound(NOTIFICATION_NOT_FOUND)
  const row = await tx
    .selectFrom("notification")
    .select(["is_read", "archived_at", "channel"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND)
  return { is_read: row.is_read, archived: row.archived_at !== null, channel: row.channel }
}

/** Marks one of the user's notifications unread (again is fine). */
export async function markUnread(db: Db, userId: number, id: number): Promise<{ unread_count: number }> {
  return inTransaction(db, async (tx) => {
    const row = await ownRow(tx, userId, id)
    if (row.is_read) {
      await tx
        .updateTable("notification")
        .set({ is_read: false, read_at: null })
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .execute()
      await announce(tx, userId, id, "unread")
    }
    return { unread_count: await unreadCount(tx, userId, row.channel) }
  })
}

/** Puts one of the user's notifications in their archive, or (archived false) back in the inbox. */
export async function setArchived(
  db: Db,
  userId: number,
  id: number,
  archived: boolean,
  now: Date,
): Promise<{ unread_count: number }> {
  return inTransaction(db, async (tx) => {
    const row = await ownRow(tx, userId, id)
    if (row.archived !== archived) {
      await tx
        .updateTable("notification")
        .set({ archived_at: archived ? now : null })
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .execute()
      await announce(tx, userId, id, archived ? "archived" : "unarchived")
    }
    return { unread_count: await unreadCount(tx, userId, row.channel) }
  })
}
