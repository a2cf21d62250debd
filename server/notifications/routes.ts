// The notification list and read state under /api/v1/notifications/ (SPEC §7). A user only ever sees and
// changes their own rows: every domain call takes req.user.id, and another user's id is a 404.
import type { FastifyInstance, FastifyPluginAsync } from "fastify"
import {
  ChannelQuery,
  MarkAllReadResponse,
  MarkReadBody,
  MarkReadResponse,
  Notification,
  NotificationListQuery,
  NotificationPage,
  UnreadCount,
} from "../../src/schema/notifications"
import { coalescer } from "../db/coalesce"
import { notFound } from "../errors"
import { decodeOr400, encodeBody } from "../http/decode"
import { requireUser } from "../http/require-user"
import { notificationPage } from "./paging"
import {
  getNotification,
  listNotifications,
  MAX_NOTIFICATION_ID,
  NOTIFICATION_NOT_FOUND,
  unreadCount,
} from "./queries"
import { markAllRead, markRead } from "./read-state"

export const NOTIFICATIONS_PATH = "/api/v1/notifications/"

interface IdParams {
  readonly id: string
}

/** A path id that is not a positive integer names nothing: 404, like an id that is not yours. */
export function pathId(raw: string, detail = NOTIFICATION_NOT_FOUND): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(id <= MAX_NOTIFICATION_ID)) throw notFound(detail)
  return id
}

export const notificationRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { database, clock } = app.services
  const db = database.db
  const now = () => new Date(clock.now())
  const base = NOTIFICATIONS_PATH

  // The bell and the list page ask for the same pages often and at once (every tab, every reconnect):
  // identical concurrent requests (same user, same URL, so the same links) share one query and one encoding,
  // never an answer older than the request (server/db/coalesce).
  const pages = coalescer<string, string>()
  app.get(base, { preHandler: requireUser }, async (req, reply) => {
    const query = decodeOr400(NotificationListQuery, req.query)
    const userId = req.user.id
    const body = await pages(`${userId} ${req.url}`, async () =>
      JSON.stringify(
        encodeBody(NotificationPage, notificationPage(req, await listNotifications(db, userId, query))),
      ),
    )
    return reply.type("application/json; charset=utf-8").send(body)
  })

  app.get(`${base}unread-count/`, { preHandler: requireUser }, async (req) => {
    const { channel } = decodeOr400(ChannelQuery, req.query)
    return encodeBody(UnreadCount, { unread_count: await unreadCount(db, req.user.id, channel) })
  })

  app.get<{ Params: IdParams }>(`${base}:id/`, { preHandler: requireUser }, async (req) =>
    encodeBody(Notification, await getNotification(db, req.user.id, pathId(req.params.id))),
  )

  app.post<{ Params: IdParams }>(`${base}:id/mark-read/`, { preHandler: requireUser }, async (req) => {
    const id = pathId(req.params.id)
    const { unread_count } = await markRead(db, req.user.id, id, now())
    return encodeBody(MarkReadResponse, { id, is_read: true, unread_count })
  })

  app.post(`${base}mark-read/`, { preHandler: requireUser }, async (req) => {
    const { notification_id } = decodeOr400(MarkReadBody, req.body ?? {})
    const { unread_count } = await markRead(db, req.user.id, notification_id, now())
    return encodeBody(MarkReadResponse, { id: notification_id, is_read: true, unread_count })
  })

  app.post(`${base}mark-all-read/`, { preHandler: requireUser }, async (req) => {
    const { channel } = decodeOr400(ChannelQuery, req.query)
    const { marked } = await markAllRead(db, req.user.id, now(), channel)
    return encodeBody(MarkAllReadResponse, {
      marked,
      unread_count: await unreadCount(db, req.user.id, channel),
    })
  })
}
