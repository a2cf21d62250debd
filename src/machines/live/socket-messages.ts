import type { ServerMessage } from "../../schema/live/socket"
import type { NotificationsEvent } from "../notifications/notifications-context"

/**
 * What a decoded server frame means to the notifications actor; null for frames it has no use for
 * (pong, error). `update` and `realtime_update` are one event under two names.
 */
export function toNotificationsEvent(message: ServerMessage, at: number): NotificationsEvent | null {
  switch (message.type) {
    case "connection_established":
      return {
        type: "notifications.connected",
        latestId: message.latest_notification_id,
        unread: message.unread_count,
      }
    case "notification":
      return {
        type: "notifications.live",
        notification: message.notification,
        unread: message.unread_count,
        at,
      }
    case "unread_count":
      return { type: "notifications.count", unread: message.unread_count }
    case "notification.read":
      return { type: "notifications.readElsewhere", id: message.notification_id }
    case "notification.changed":
      return { type: "notifications.changedElsewhere", id: message.notification_id, change: message.change }
    case "update":
    case "realtime_update":
      return message.event_type === "unread_count"
        ? { type: "notifications.count", unread: message.data.count }
        : { type: "notifications.readElsewhere", id: message.data.notification_id }
    case "pong":
    case "error":
    // Marketplace changes are the liveRecords actor's (rest-subscriptions.ts).
    case "record.changed":
    // Presence is the detail pages' (rest-subscriptions.ts).
    case "presence":
    // Staff changes are the staff page's (rest-subscriptions.ts).
    case "staff.changed":
      return null
  }
}
