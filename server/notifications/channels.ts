// The PostgreSQL NOTIFY channels the notification domain speaks on, and their payloads. Payloads carry ids
// only: a listener loads the row itself, so nothing private travels through NOTIFY and the 8000-byte payload
// limit is never a concern.
import { sql } from "kysely"
import type { DatabaseHandle, OnLost, OnRelisten, Unlisten } from "../db/database"
import { isRowId } from "../ids"

export const NEW_NOTIFICATION_CHANNEL = "notifications"
export const READ_CHANNEL = "notification_reads"

/** `<userId>:<notificationId>` */
export const newNotificationPayload = (userId: number, notificationId: number): string =>
  `${userId}:${notificationId}`

/** The same payload computed by the database, over a row set with `user_id` and `id` (./notify.ts). */
export const newNotificationPayloadSql = sql<string>`user_id::text || ':' || id::text`

/** A change of one row's state besides a read: marked unread, archived, or back from the archive. */
export type StateChange = "unread" | "archived" | "unarchived"
const STATE_CHANGES: ReadonlyArray<StateChange> = ["unread", "archived", "unarchived"]

/**
 * `<userId>:<notificationId>` for one read, `<userId>:all` for mark-all-read, and
 * `<userId>:<notificationId>:<change>` for the other state changes, which ride the same channel so that every
 * listener (page caches, socket fan-out) hears them without listening anew.
 */
export const readPayload = (userId: number, notificationId: number | "all", change?: StateChange): string =>
  change === undefined ? `${userId}:${notificationId}` : `${userId}:${notificationId}:${change}`

export function parseNewNotification(payload: string): { userId: number; notificationId: number } | null {
  const [user, id, ...rest] = payload.split(":")
  if (rest.length > 0 || !user || !id || !isRowId(user) || !isRowId(id)) return null
  return { userId: Number(user), notificationId: Number(id) }
}

export interface ReadPayload {
  readonly userId: number
  readonly notificationId: number | "all"
  /** Absent for a read. */
  readonly change?: StateChange
}

export function parseRead(payload: string): ReadPayload | null {
  const [user, id, change, ...rest] = payload.split(":")
  if (rest.length > 0 || !user || !id || !isRowId(user)) return null
  if (id === "all") return change === undefined ? { userId: Number(user), notificationId: "all" } : null
  if (!isRowId(id)) return null
  if (change === undefined) return { userId: Number(user), notificationId: Number(id) }
  const known = STATE_CHANGES.find((c) => c === change)
  return known ? { userId: Number(user), notificationId: Number(id), change: known } : null
}

export interface ChannelHandlers {
  readonly onNew: (payload: string) => void
  readonly onRead: (payload: string) => void
  /** Both channels share one listening connection, so one gap covers both: these are told once. */
  readonly onRelisten?: OnRelisten
  readonly onLost?: OnLost
}

/** Listens on both channels; the returned function stops both. */
export async function listenOnChannels(
  database: DatabaseHandle,
  handlers: ChannelHandlers,
): Promise<Unlisten> {
  const stopNew = await database.listen(
    NEW_NOTIFICATION_CHANNEL,
    handlers.onNew,
    handlers.onRelisten,
    handlers.onLost,
  )
  const stopRead = await database.listen(READ_CHANNEL, handlers.onRead).catch(async (error: unknown) => {
    await stopNew()
    throw error
  })
  // One after the other (both UNLISTENs go through the one listening connection), each whatever the other did.
  return async () => {
    for (const unlisten of [stopNew, stopRead]) await unlisten().catch(() => undefined)
  }
}
