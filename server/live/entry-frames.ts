// What one log entry sends to a page, built when it is sent: a record's row and a notification's unread count
// as they are now. A page that replays an entry it already reflects sees the same state again, never an older
// one. The frame naming the change carries the entry's position; an unread count that follows it does not, so
// that a page that skips positions it has applied still takes the count.
import type { Kysely } from "kysely"
import type { Database } from "../db/schema"
import { NotFound } from "../errors"
import { recordChangeOf } from "../marketplace/record-change"
import { parseRead } from "../notifications/channels"
import { getNotification, unreadCount } from "../notifications/queries"
import { type Frame, frame } from "../notifications/socket-hub"
import type { LiveEntry } from "./change-log"

/** The frames of an entry in order; empty when there is nothing to send (a row gone meanwhile). */
export type EntryFrames = ReadonlyArray<Frame>

const goneIsNull = (error: unknown) => {
  if (error instanceof NotFound) return null
  throw error
}

export async function recordFrames(db: Kysely<Database>, entry: LiveEntry): Promise<EntryFrames> {
  const message = await recordChangeOf(db, Number(entry.ref))
  return message === null ? [] : [frame({ ...message, position: entry.position })]
}

export async function notificationFrames(db: Kysely<Database>, entry: LiveEntry): Promise<EntryFrames> {
  const userId = entry.userId
  if (userId === null) return []
  const [notification, unread_count] = await Promise.all([
    getNotification(db, userId, Number(entry.ref)).catch(goneIsNull),
    unreadCount(db, userId),
  ])
  // The bell shows the in-app channel only.
  if (notification?.channel !== "in_app") return []
  return [frame({ type: "notification", notification, unread_count, position: entry.position })]
}

export async function readFrames(db: Kysely<Database>, entry: LiveEntry): Promise<EntryFrames> {
  const read = parseRead(entry.ref)
  if (read === null) return []
  const unread_count = await unreadCount(db, read.userId)
  const position = entry.position
  const id = read.notificationId
  const change =
    id === "all" || read.change === undefined
      ? frame({ type: "notification.read", notification_id: id, position })
      : frame({ type: "notification.changed", notification_id: id, change: read.change, position })
  return [change, frame({ type: "unread_count", unread_count })]
}

export function staffFrames(entry: LiveEntry): EntryFrames {
  const userId = Number(entry.ref)
  if (!Number.isInteger(userId) || userId < 1) return []
  return [frame({ type: "staff.changed", user_id: userId, position: entry.position })]
}

export function framesOf(db: Kysely<Database>, entry: LiveEntry): Promise<EntryFrames> {
  switch (entry.topic) {
    case "record":
      return recordFrames(db, entry)
    case "notification":
      return notificationFrames(db, entry)
    case "read":
      return readFrames(db, entry)
    case "staff":
      return Promise.resolve(staffFrames(entry))
  }
}
