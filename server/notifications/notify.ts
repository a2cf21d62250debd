// Creating notifications: the one entry point every domain calls (marketplace changes, admin send, seeds).
// Rows and their NOTIFY go out in one transaction, so a listener is woken exactly when the rows are visible
// and never for a change that rolled back.
import { type Kysely, sql, type Transaction } from "kysely"
import type { Channel, NotificationType, Priority } from "../../src/schema/notifications/notifications"
import type { Database } from "../db/schema"
import { appendLiveChanges } from "../live/change-log"
import { NEW_NOTIFICATION_CHANNEL, newNotificationPayloadSql } from "./channels"

export type NotifyRecipients =
  | { readonly userIds: ReadonlyArray<number> }
  | { readonly categories: ReadonlyArray<string> }
  | { readonly emails: ReadonlyArray<string> }

export interface NotifyInput {
  readonly to: NotifyRecipients
  /** The actor, who needs no notification of their own action. */
  readonly exceptUserId?: number
  readonly title: string
  readonly message: string
  readonly notification_type: NotificationType
  readonly priority: Priority
  /** An app path ("/dashboard"); the routes that accept one from outside validate it first. */
  readonly action_url?: string | null
  readonly sender_name?: string | null
  readonly channel?: Extract<Channel, "in_app">
  /** Seeds backdate their rows; everyone else gets the transaction's time. */
  readonly created_at?: Date
  /** Mostly for seeds: the row starts out read. */
  readonly is_read?: boolean
}

type Db = Kysely<Database> | Transaction<Database>

/**
 * The recipients who have not turned this type off on this channel, in one statement: a decision's
 * transaction makes a round trip per statement, and at a busy instance's rate each one costs (bench/RESULTS.md).
 */
async function recipients(db: Db, input: NotifyInput, channel: Channel): Promise<number[]> {
  const to = input.to
  let query = db
    .selectFrom("app_user")
    .select("id")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("notification_preference as p")
            .select("p.user_id")
            .whereRef("p.user_id", "=", "app_user.id")
            .where(sql<boolean>`(p.types -> ${input.notification_type} ->> ${channel}) = 'false'`),
        ),
      ),
    )
    .orderBy("id")
  if ("userIds" in to) {
    if (to.userIds.length === 0) return []
    query = query.where("id", "in", [...to.userIds])
  } else if ("categories" in to) {
    if (to.categories.length === 0) return []
    query = query.where("user_category", "in", [...to.categories])
  } else {
    if (to.emails.length === 0) return []
    query = query.where(
      "email",
      "in",
      to.emails.map((e) => e.trim().toLowerCase()),
    )
  }
  if (input.exceptUserId !== undefined) query = query.where("id", "<>", input.exceptUserId)
  return (await query.execute()).map((r) => r.id)
}

async function insertAndAnnounce(tx: Db, input: NotifyInput): Promise<ReadonlyArray<number>> {
  const channel = input.channel ?? "in_app"
  const userIds = await recipients(tx, input, channel)
  if (userIds.length === 0) return []
  const isRead = input.is_read ?? false
  // The rows and their NOTIFY (for push and the page caches) in one statement.
  const rows = await tx
    .with("added", (db) =>
      db
        .insertInto("notification")
        .values(
          userIds.map((userId) => ({
            user_id: userId,
            channel,
            notification_type: input.notification_type,
            title: input.title,
            message: input.message,
            priority: input.priority,
            is_read: isRead,
            read_at: isRead ? (input.created_at ?? new Date()) : null,
            sender_name: input.sender_name ?? null,
            action_url: input.action_url ?? null,
            ...(input.created_at ? { created_at: input.created_at } : {}),
          })),
        )
        .returning(["id", "user_id"]),
    )
    .selectFrom("added")
    .select([
      "id",
      "user_id",
      sql`pg_notify(${NEW_NOTIFICATION_CHANNEL}, ${newNotificationPayloadSql})`.as("n"),
    ])
    .orderBy("id")
    .execute()
  // The bell's live frames come from the change log.
  await appendLiveChanges(
    tx,
    rows.map((r) => ({ topic: "notification", userId: r.user_id, ref: String(r.id) })),
  )
  return rows.map((r) => r.id)
}

/** Inserts one row per recipient and wakes every instance's listener; returns the new ids. */
export async function notify(db: Db, input: NotifyInput): Promise<ReadonlyArray<number>> {
  if (db.isTransaction) return insertAndAnnounce(db, input)
  return db.transaction().execute((tx) => insertAndAnnounce(tx, input))
}
