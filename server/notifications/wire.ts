// Rows as they leave the server: the shared Notification shape, timestamps as ISO strings.
import type { Selectable } from "kysely"
import type { Notification } from "../../src/schema/notifications/notifications"
import type { NotificationTable } from "./tables"

export const NOTIFICATION_COLUMNS = [
  "id",
  "channel",
  "notification_type",
  "title",
  "message",
  "priority",
  "is_read",
  "sender_name",
  "action_url",
  "created_at",
] as const

export type NotificationRow = Pick<Selectable<NotificationTable>, (typeof NOTIFICATION_COLUMNS)[number]>

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  notification_type: row.notification_type,
  title: row.title,
  message: row.message,
  priority: row.priority,
  is_read: row.is_read,
  sender_name: row.sender_name,
  created_at: row.created_at.toISOString(),
  action_url: row.action_url,
  channel: row.channel,
})
