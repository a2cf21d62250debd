// The notification list and read state under /api/v1/notifications/, served from their description. A user only ever sees and
// changes their own rows: every domain call takes req.user.id, and another user's id is a 404.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify"
import { notificationsApi } from "../../../src/schema/api/notifications"
import { type NotificationListQuery, NotificationPage } from "../../../src/schema/notifications/notifications"
import { coalescer } from "../../db/coalesce"
import { notFound } from "../../errors"
import { encodeBody } from "../../http/decode"
import { pageBody } from "../../http/page-body"
import { serveGroup } from "../../http/serve-endpoint"
import { isRowId } from "../../ids"
import { headPosition, LIVE_CHANGE_CHANNEL } from "../../live/change-log"
import { cachedAnswer } from "../cached-answer"
import { listenOnChannels, parseNewNotification, parseRead } from "../channels"
import { markUnread, setArchived } from "../inbox-state"
import { type CachedPage, createPageCache, type PageCache } from "../page-cache"
import { withLivePosition } from "../page-position"
import {
  getNotification,
  listNotifications,
  MAX_NOTIFICATION_ID,
  NOTIFICATION_NOT_FOUND,
  unreadCount,
} from "../queries"
import { markAllRead, markRead } from "../read-state"

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

  // The bell and the list page ask for the same pages often and at once (every tab, every reconnect): a
  // page is answered from memory until the user's notifications change (./page-cache), and identical
  // concurrent requests that miss share one query and one encoding (server/db/coalesce). The URL is the key:
  // the links in a page are relative, built from it alone, and only a URL that decoded is ever stored.
  const cache = await listenedPageCache(app)
  const pages = coalescer<string, CachedPage>()
  const loadPage = (req: FastifyRequest, userId: number, query: NotificationListQuery): Promise<CachedPage> =>
    pages(`${userId} ${req.url}`, () =>
      cache.load(userId, req.url, async () => {
        // Read before the data, so the page reflects at least this position (docs/behaviour.md#catching-up);
        // the cache states a newer one as it hears the log advance (../page-cache).
        const position = await headPosition(db)
        const list = await listNotifications(db, userId, query)
        const json = JSON.stringify(encodeBody(NotificationPage, pageBody(req, list.window, list)))
        return { body: withLivePosition(json, position), position }
      }),
    )

  serveGroup(
    app,
    notificationsApi,
    {
      list: async ({ query, req }) =>
        cachedAnswer(req, cache.get(req.user.id, req.url) ?? (await loadPage(req, req.user.id, query))),
      unreadCount: async ({ query, req }) => ({
        unread_count: await unreadCount(db, req.user.id, query.channel),
      }),
      get: async ({ params, req }) => getNotification(db, req.user.id, pathId(params.id)),
      markReadById: async ({ params, req }) => {
        const id = pathId(params.id)
        const { unread_count } = await markRead(db, req.user.id, id, now())
        cache.changed(req.user.id)
        return { id, is_read: true as const, unread_count }
      },
      markRead: async ({ payload, req }) => {
        const { unread_count } = await markRead(db, req.user.id, payload.notification_id, now())
        cache.changed(req.user.id)
        return { id: payload.notification_id, is_read: true as const, unread_count }
      },
      markAllRead: async ({ query, req }) => {
        const { marked } = await markAllRead(db, req.user.id, now(), query.channel)
        cache.changed(req.user.id)
        return { marked, unread_count: await unreadCount(db, req.user.id, query.channel) }
      },
      markUnread: async ({ params, req }) => {
        const id = pathId(params.id)
        const { unread_count } = await markUnread(db, req.user.id, id)
        cache.changed(req.user.id)
        return { id, is_read: false as const, unread_count }
      },
      archive: async ({ params, req }) => {
        const id = pathId(params.id)
        const { unread_count } = await setArchived(db, req.user.id, id, true, now())
        cache.changed(req.user.id)
        return { id, archived: true as const, unread_count }
      },
      unarchive: async ({ params, req }) => {
        const id = pathId(params.id)
        const { unread_count } = await setArchived(db, req.user.id, id, false, now())
        cache.changed(req.user.id)
        return { id, archived: false as const, unread_count }
      },
    },
    { list: { ownPosition: true } },
  )
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
  // On the same listening connection, after the notification channels: each transaction's NOTIFYs arrive in
  // the order it sent them, and the log's comes last.
  const stopLog = await database.listen(LIVE_CHANGE_CHANNEL, (payload) => {
    if (isRowId(payload)) cache.heard(Number(payload))
  })
  app.addHook("onClose", async () => {
    cache.setListening(false)
    // One after the other (both UNLISTENs go through the one listening connection), each whatever the other did.
    for (const unlisten of [stop, stopLog]) await unlisten().catch(() => undefined)
  })
  return cache
}
