// Creating notifications: the one entry point every domain calls (marketplace changes, admin send, seeds).
// Rows and their NOTIFY go out in one transaction, so a listener is woken exactly when the rows are visible
// and never for a change that rolled back.
import { type Insertable, type Kysely, sql, type Transaction } from "kysely"
import type { Channel, NotificationType, Priority } from "../../src/schema/notifications/notifications"
import type { Database } from "../db/schema"
import { appendLiveChanges } from "../live/change-log"
import { NEW_NOTIFICATION_CHANNEL, newNotificationPayloadSql } from "./channels"
import type { NotificationTable } from "./tables"

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
 * The recipients who have not turned this type off on this channel, as a query on app_user (null: the list
 * given is empty, nobody to ask for).
 */
function recipients(db: Db, input: NotifyInput, channel: Channel) {
  const to = input.to
  const query = db
    .selectFrom("app_user")
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
  const except = input.exceptUserId
  const but = except === undefined ? query : query.where("id", "<>", except)
  if ("userIds" in to) return to.userIds.length === 0 ? null : but.where("id", "in", [...to.userIds])
  if ("categories" in to)
    return to.categories.length === 0 ? null : but.where("user_category", "in", [...to.categories])
  if (to.emails.length === 0) return null
  return but.where(
    "email",
    "in",
    to.emails.map((e) => e.trim().toLowerCase()),
  )
}

/**
 * The rows of a notification as one insert of its recipients (returning id and user_id), for a statement that
 * adds their NOTIFY (`notifiedJson`): null when there is nobody to ask for. Recipients, rows and NOTIFY are
 * one statement because a decision's transaction makes a round trip per statement, and at a busy instance's
 * rate each one costs (bench/RESULTS.md).
 */
export function notificationInsert(db: Db, input: NotifyInput) {
  const channel = input.channel ?? "in_app"
  const who = recipients(db, input, channel)
  if (who === null) return null
  const isRead = input.is_read ?? false
  // Every recipient's row but its user_id, the same for all of them.
  const same = {
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
  } satisfies Omit<Insertable<NotificationTable>, "user_id">
  const columns = Object.keys(same) as Array<keyof typeof same>
  return db
    .insertInto("notification")
    .columns(["user_id", ...columns])
    .expression(who.select((eb) => ["id", ...columns.map((c) => eb.val(same[c]).as(c))]))
    .returning(["id", "user_id"])
}

export interface Notified {
  readonly id: number
  readonly user_id: number
}

/** The rows of a statement's `added` (a notificationInsert) in id order, each NOTIFY sent: a column. */
export const notifiedJson = sql<Notified[]>`(select coalesce(json_agg(json_build_object('id', id,
    'user_id', user_id, 'sent', pg_notify(${NEW_NOTIFICATION_CHANNEL}, ${newNotificationPayloadSql}))
  order by id), '[]') from added)`

/** Logs the rows for the bells' live frames, in the rows' transaction; returns their ids. */
export async function logNotified(tx: Db, rows: ReadonlyArray<Notified>): Promise<ReadonlyArray<number>> {
  await appendLiveChanges(
    tx,
    rows.map((r) => ({ topic: "notification", userId: r.user_id, ref: String(r.id) })),
  )
  return rows.map((r) => r.id)
}

async function insertAndAnnounce(tx: Db, input: NotifyInput): Promise<ReadonlyArray<number>> {
  const insert = notificationInsert(tx, input)
  if (insert === null) return []
  const rows = await tx
    .with("added", () => insert)
    .selectFrom("added")
    .select([
      "id",
      "user_id",
      sql`pg_notify(${NEW_NOTIFICATION_CHANNEL}, ${newNotificationPayloadSql})`.as("n"),
    ])
    .orderBy("id")
    .execute()
  return logNotified(tx, rows)
}

/** Inserts one row per recipient and wakes every instance's listener; returns the new ids. */
export async function notify(db: Db, input: NotifyInput): Promise<ReadonlyArray<number>> {
  if (db.isTransaction) return insertAndAnnounce(db, input)
  return db.transaction().execute((tx) => insertAndAnnounce(tx, input))
}
