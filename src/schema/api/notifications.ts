import {
  ChannelQuery,
  MarkAllReadResponse,
  MarkReadBody,
  MarkReadResponse,
  Notification,
  NotificationListQuery,
  NotificationPage,
  UnreadCount,
} from "../notifications"
import { endpoint, group } from "./endpoint"
import { IdParams } from "./params"

// The signed-in user's own notifications and their read state. Another user's id is a 404.

export const NOTIFICATIONS_PATH = "/api/v1/notifications/"

export const notificationsApi = group(
  "notifications",
  "The signed-in user's notifications (the bell) and their read state. Changes also arrive on the socket.",
  {
    list: endpoint({
      name: "list",
      method: "GET",
      path: NOTIFICATIONS_PATH,
      summary: "One page of notifications, newest first; with since_id, only newer ones, oldest first.",
      callers: "signedIn",
      query: NotificationListQuery,
      success: NotificationPage,
      errors: [400, 401],
    }),
    unreadCount: endpoint({
      name: "unreadCount",
      method: "GET",
      path: `${NOTIFICATIONS_PATH}unread-count/`,
      summary: "How many are unread (optionally on one channel).",
      callers: "signedIn",
      query: ChannelQuery,
      success: UnreadCount,
      errors: [400, 401],
    }),
    get: endpoint({
      name: "get",
      method: "GET",
      path: `${NOTIFICATIONS_PATH}:id/`,
      summary: "One notification.",
      callers: "signedIn",
      params: IdParams,
      success: Notification,
      errors: [401, 404],
    }),
    markReadById: endpoint({
      name: "markReadById",
      method: "POST",
      path: `${NOTIFICATIONS_PATH}:id/mark-read/`,
      summary: "Marks one notification read; answers the new unread count.",
      callers: "signedIn",
      params: IdParams,
      success: MarkReadResponse,
      errors: [401, 404],
    }),
    markRead: endpoint({
      name: "markRead",
      method: "POST",
      path: `${NOTIFICATIONS_PATH}mark-read/`,
      summary: "Marks the notification named in the body read.",
      callers: "signedIn",
      payload: MarkReadBody,
      success: MarkReadResponse,
      errors: [400, 401, 404],
    }),
    markAllRead: endpoint({
      name: "markAllRead",
      method: "POST",
      path: `${NOTIFICATIONS_PATH}mark-all-read/`,
      summary: "Marks every notification read (optionally on one channel).",
      callers: "signedIn",
      query: ChannelQuery,
      success: MarkAllReadResponse,
      errors: [400, 401],
    }),
  },
)
