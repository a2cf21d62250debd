// Reading a user's notifications. Every query is scoped by user_id: another user's id is simply not found,
// which is also what the routes answer (404), so ids reveal nothing about other people's notifications.
import type { Kysely, Transaction } from "kysely"
import {
  type Channel,
  NOTIFICATION_LIMITS,
  type Notification,
  type NotificationListQuery,
} from "../../src/schema/notifications/notifications"
import type { Database } from "../db/schema"
import { notFound } from "../errors"
import { type ListResult, type PageWindow, pageWindow } from "../paging"
import { NOTIFICATION_COLUMNS, toNotification } from "./wire"

type Db = Kysely<Database> | Transaction<Database>

export const DEFAULT_CHANNEL: Channel = "in_app"
export const NOTIFICATION_NOT_FOUND = "Notification not found."

/** The largest id the notification table can hold (a PostgreSQL integer). */
export const MAX_NOTIFICATION_ID = 2 ** 31 - 1

export interface NotificationList extends ListResult<Notification> {
  readonly window: PageWindow
}

export async function listNotifications(
  db: Db,
  userId: number,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const window = pageWindow(query.page, query.page_size, NOTIFICATION_LIMITS.defaultPageSize)
  let base = db
    .selectFrom("notification")
    .where("user_id", "=", userId)
    .where("channel", "=", query.channel ?? DEFAULT_CHANNEL)
  // The archive, or everything else: an archived row shows nowhere but there.
  base = base.where("archived_at", query.archived === "true" ? "is not" : "is", null)
  if (query.is_read !== undefined) base = base.where("is_read", "=", query.is_read === "true")
  if (query.type !== undefined) base = base.where("notification_type", "=", query.type)
  if (query.priority !== undefined) base = base.where("priority", "=", query.priority)
  // Ids are PostgreSQL integers: an offset beyond them means "nothing newer", not a query the database refuses.
  if (query.since_id !== undefined)
    base = base.where("id", ">", Math.min(query.since_id, MAX_NOTIFICATION_ID))
  // One round trip: the count rides on each row of the page as a scalar subquery, evaluated once. Only a
  // page past the end (no rows to carry it) costs a second query for the count.
  const rows = await base
    .select(NOTIFICATION_COLUMNS)
    .select((eb) => base.select(eb.fn.countAll<string | number>().as("n")).as("total_count"))
    // Catch-up reads forward from an offset; the bell reads newest first.
    .orderBy("id", query.since_id !== undefined ? "asc" : "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute()
  const first = rows[0]
  const total = first
    ? first.total_count
    : window.page === 1
      ? 0
      : (await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow()).n
  return { count: Number(total ?? 0), window, results: rows.map(toNotification) }
}

export async function getNotification(db: Db, userId: number, id: number): Promise<Notification> {
  const row = await db
    .selectFrom("notification")
    .select(NOTIFICATION_COLUMNS)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst()
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND)
  return toNotification(row)
}

/** The count of the badge as a query, so that the dashboard's one counting statement can carry it. */
export const unreadCountQuery = (db: Db, userId: number, channel: Channel = DEFAULT_CHANNEL) =>
  db
    .selectFrom("notification")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .where("channel", "=", channel)
    .where("is_read", "=", false)
    // Archived rows are put away: the badge counts what the bell can show.
    .where("archived_at", "is", null)

export async function unreadCount(
  db: Db,
  userId: number,
  channel: Channel = DEFAULT_CHANNEL,
): Promise<number> {
  const row = await unreadCountQuery(db, userId, channel).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The newest id the user has on this channel, or 0: where a fresh socket's catch-up starts. */
export async function latestNotificationId(
  db: Db,
  userId: number,
  channel: Channel = DEFAULT_CHANNEL,
): Promise<number> {
  const row = await db
    .selectFrom("notification")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("user_id", "=", userId)
    .where("channel", "=", channel)
    .executeTakeFirst()
  return Number(row?.id ?? 0)
}

/** Oldest first, after an offset: what a socket missed while this instance could not hear NOTIFY. */
export async function notificationsAfter(
  db: Db,
  userId: number,
  afterId: number,
  limit: number,
  channel: Channel = DEFAULT_CHANNEL,
): Promise<ReadonlyArray<Notification>> {
  const rows = await db
    .selectFrom("notification")
    .select(NOTIFICATION_COLUMNS)
    .where("user_id", "=", userId)
    .where("channel", "=", channel)
    .where("id", ">", afterId)
    .orderBy("id", "asc")
    .limit(limit)
    .execute()
  return rows.map(toNotification)
}
