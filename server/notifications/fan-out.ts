// Every instance listens on the notification channels and serves only its own sockets: a payload names a
// user and a row; the instance holding that user's sockets loads the row and sends it. When the listening
// connection was lost and restored, whatever was announced in between is gone, so every local socket is
// caught up from the table instead (rows after the last one it was sent, then the unread count).
import type { Kysely } from "kysely"
import type { DatabaseHandle, Unlisten } from "../db/database"
import type { Database } from "../db/schema"
import { NotFound } from "../errors"
import { listenOnChannels, parseNewNotification, parseRead, type ReadPayload } from "./channels"
import { getNotification, notificationsAfter, unreadCount } from "./queries"
import { CATCH_UP_BATCH } from "./socket-config"
import { type Client, frame, markSent, type SocketHub, send, sendFrame } from "./socket-hub"

export interface FanOutLog {
  readonly warn: (message: string, error?: unknown) => void
}

async function deliverNew(db: Kysely<Database>, hub: SocketHub, userId: number, id: number): Promise<void> {
  const clients = hub.clientsOf(userId)
  if (clients.length === 0) return
  // A row that is gone already (its user was deleted) is skipped; a database failure is not hidden. The row
  // and the count are read at once (two pooled connections): one round trip less between insert and bell.
  const [notification, unread_count] = await Promise.all([
    getNotification(db, userId, id).catch((error: unknown) => {
      if (error instanceof NotFound) return null
      throw error
    }),
    unreadCount(db, userId),
  ])
  // The bell shows the in-app channel only.
  if (notification?.channel !== "in_app") return
  // Encoded once: a user with many tabs (or a load test with thousands of sockets) costs one serialisation.
  const live = frame({ type: "notification", notification, unread_count })
  for (const client of clients) {
    if (!client.ready) {
      client.missed = true
      continue
    }
    if (markSent(client, id)) sendFrame(client, live)
  }
}

/** The frame that tells a socket of a change: a read, or marked unread, archived or unarchived. */
const changeFrame = ({ notificationId: id, change }: ReadPayload) =>
  id === "all" || change === undefined
    ? frame({ type: "notification.read", notification_id: id })
    : frame({ type: "notification.changed", notification_id: id, change })

async function deliverRead(db: Kysely<Database>, hub: SocketHub, payload: ReadPayload): Promise<void> {
  const userId = payload.userId
  const clients = hub.clientsOf(userId).filter((c) => c.ready)
  if (clients.length === 0) return
  const unread_count = await unreadCount(db, userId)
  const read = changeFrame(payload)
  const count = frame({ type: "unread_count", unread_count })
  for (const client of clients) {
    sendFrame(client, read)
    sendFrame(client, count)
  }
}

/** Sends one socket every row after the last it was sent, oldest first, then the unread count. */
export async function catchUp(db: Kysely<Database>, client: Client): Promise<void> {
  client.missed = false
  for (;;) {
    const rows = await notificationsAfter(db, client.userId, client.lastSentId, CATCH_UP_BATCH)
    if (rows.length === 0) break
    const unread_count = await unreadCount(db, client.userId)
    for (const notification of rows)
      if (markSent(client, notification.id))
        send(client, { type: "notification", notification, unread_count })
    if (rows.length < CATCH_UP_BATCH) break
  }
  send(client, { type: "unread_count", unread_count: await unreadCount(db, client.userId) })
}

/** Starts listening; the returned function stops. */
export async function startFanOut(
  database: DatabaseHandle,
  hub: SocketHub,
  log: FanOutLog,
): Promise<Unlisten> {
  const db = database.db
  const onError = (error: unknown) => log.warn("notification fan-out failed", error)

  const onNew = (payload: string) => {
    const parsed = parseNewNotification(payload)
    if (!parsed) return log.warn(`ignored notification payload "${payload.slice(0, 64)}"`)
    if (hub.clientsOf(parsed.userId).length === 0) return
    void hub.enqueue(parsed.userId, () => deliverNew(db, hub, parsed.userId, parsed.notificationId), onError)
  }
  const onRead = (payload: string) => {
    const parsed = parseRead(payload)
    if (!parsed) return log.warn(`ignored read payload "${payload.slice(0, 64)}"`)
    if (hub.clientsOf(parsed.userId).length === 0) return
    void hub.enqueue(parsed.userId, () => deliverRead(db, hub, parsed), onError)
  }
  const onRelisten = () => {
    log.warn("notification listener reconnected; catching sockets up")
    for (const client of hub.all())
      if (client.ready) void hub.enqueue(client.userId, () => catchUp(db, client), onError)
  }

  return listenOnChannels(database, { onNew, onRead, onRelisten })
}
