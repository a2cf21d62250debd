// The notification list and read state under /api/v1/notifications/ (SPEC §7). A user only ever sees and
// changes their own rows: every domain call takes req.user.id, and another user's id is a 404.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify"
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
import { listenOnChannels, parseNewNotification, parseRead } from "./channels"
import { registerInboxRoutes } from "./inbox-routes"
import { createPageCache, type PageCache } from "./page-cache"
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

  // The bell and the list page ask for the same pages often and at once (every tab, every reconnect): a
  // page is answered from memory until the user's notifications change (./page-cache), and identical
  // concurrent requests that miss share one query and one encoding (server/db/coalesce). The URL is the key:
  // the links in a page are relative, built from it alone, and only a URL that decoded is ever stored.
  const cache = await listenedPageCache(app)
  const pages = coalescer<string, string>()
  const loadPage = (req: FastifyRequest, userId: number): Promise<string> => {
    const query = decodeOr400(NotificationListQuery, req.query)
    return pages(`${userId} ${req.url}`, () =>
      cache.load(userId, req.url, async () =>
        JSON.stringify(
          encodeBody(NotificationPage, notificationPage(req, await listNotifications(db, userId, query))),
        ),
      ),
    )
  }
  app.get(base, { preHandler: requireUser }, async (req, reply) => {
    const body = cache.get(req.user.id, req.url) ?? (await loadPage(req, req.user.id))
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
    cache.changed(req.user.id)
    return encodeBody(MarkReadResponse, { id, is_read: true, unread_count })
  })

  app.post(`${base}mark-read/`, { preHandler: requireUser }, async (req) => {
    const { notification_id } = decodeOr400(MarkReadBody, req.body ?? {})
    const { unread_count } = await markRead(db, req.user.id, notification_id, now())
    cache.changed(req.user.id)
    return encodeBody(MarkReadResponse, { id: notification_id, is_read: true, unread_count })
  })

  registerInboxRoutes(app, {
    base,
    now,
    changed: (userId) => cache.changed(userId),
    pathId: (raw) => pathId(raw),
  })

  app.post(`${base}mark-all-read/`, { preHandler: requireUser }, async (req) => {
    const { channel } = decodeOr400(ChannelQuery, req.query)
    const { marked } = await markAllRead(db, req.user.id, now(), channel)
    cache.changed(req.user.id)
    return encodeBody(MarkAllReadResponse, {
      marked,
      unread_count: await unreadCount(db, req.user.id, channel),
    })
  })
}

/** A page cache that hears every change to notifications, from this instance or any other, until the app closes. */
async function listenedPageCache(app: FastifyInstance): Promise<PageCache> {
  const { database } = app.services
  const cache = createPageCache()
  const onChange = (parse: (payload: string) => { readonly userId: number } | null) => (payload: string) => {
    const parsed = parse(payload)
    if (parsed) cache.changed(parsed.userId)
  }
  const stop = await listenOnChannels(database, {
    onNew: onChange(parseNewNotification),
    onRead: onChange(parseRead),
    onRelisten: () => cache.setListening(true),
    onLost: () => cache.setListening(false),
  })
  app.addHook("onClose", async () => {
    cache.setListening(false)
    await stop()
  })
  return cache
}
