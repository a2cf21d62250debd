import {
  ArchiveResponse,
  ChannelQuery,
  MarkAllReadResponse,
  MarkReadBody,
  MarkReadResponse,
  MarkUnreadResponse,
  Notification,
  NotificationListQuery,
  NotificationPage,
  UnreadCount,
} from "../notifications/notifications"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { IdParams } from "./params"

// The signed-in user's own notifications and their read state. Another user's id is a 404.

export const NOTIFICATIONS_PATH = "/api/v1/notifications/"

export const notificationsApi = group("notifications", {
  list: endpoint({
    method: "GET",
    path: NOTIFICATIONS_PATH,
    callers: "signedIn",
    query: NotificationListQuery,
    success: NotificationPage,
    errors: [400, 401],
    live: true,
  }),
  unreadCount: endpoint({
    method: "GET",
    path: `${NOTIFICATIONS_PATH}unread-count/`,
    callers: "signedIn",
    query: ChannelQuery,
    success: UnreadCount,
    errors: [400, 401],
    live: true,
  }),
  get: endpoint({
    method: "GET",
    path: `${NOTIFICATIONS_PATH}:id/`,
    callers: "signedIn",
    params: IdParams,
    success: Notification,
    errors: [401, 404],
  }),
  markReadById: endpoint({
    method: "POST",
    path: `${NOTIFICATIONS_PATH}:id/mark-read/`,
    callers: "signedIn",
    params: IdParams,
    success: MarkReadResponse,
    errors: [401, 404],
  }),
  markRead: endpoint({
    method: "POST",
    path: `${NOTIFICATIONS_PATH}mark-read/`,
    callers: "signedIn",
    payload: MarkReadBody,
    success: MarkReadResponse,
    errors: [400, 401, 404],
  }),
  markUnread: endpoint({
    method: "POST",
    path: `${NOTIFICATIONS_PATH}:id/mark-unread/`,
    callers: "signedIn",
    params: IdParams,
    success: MarkUnreadResponse,
    errors: [401, 404],
  }),
  archive: endpoint({
    method: "POST",
    path: `${NOTIFICATIONS_PATH}:id/archive/`,
    callers: "signedIn",
    params: IdParams,
    success: ArchiveResponse,
    errors: [401, 404],
  }),
  unarchive: endpoint({
    method: "POST",
    path: `${NOTIFICATIONS_PATH}:id/unarchive/`,
    callers: "signedIn",
    params: IdParams,
    success: ArchiveResponse,
    errors: [401, 404],
  }),
  markAllRead: endpoint({
    method: "POST",
    path: `${NOTIFICATIONS_PATH}mark-all-read/`,
    callers: "signedIn",
    query: ChannelQuery,
    success: MarkAllReadResponse,
    errors: [400, 401],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const notificationsDocs = {
  description:
    "The signed-in user's notifications (the bell) and their read state. Changes also arrive on the socket.",
  summaries: {
    list: "One page of notifications, newest first; with since_id, only newer ones, oldest first; archived=true lists the archive.",
    unreadCount: "How many are unread (optionally on one channel).",
    get: "One notification.",
    markReadById: "Marks one notification read; answers the new unread count.",
    markRead: "Marks the notification named in the body read.",
    markUnread: "Marks one notification unread again; answers the new unread count.",
    archive: "Moves one notification to the archive (out of the inbox and the unread count).",
    unarchive: "Moves one archived notification back to the inbox.",
    markAllRead: "Marks every notification read (optionally on one channel).",
  },
} satisfies GroupDocs<typeof notificationsApi>
