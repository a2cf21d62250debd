import type { ColumnType, Generated } from "kysely"
import type {
  Channel,
  NotificationType,
  Priority,
  TypeSwitches,
} from "../../src/schema/notifications/notifications"

/** One row per recipient and channel. The id is the catch-up offset, so it only ever grows. */
export interface NotificationTable {
  id: Generated<number>
  user_id: number
  channel: Channel
  notification_type: NotificationType
  title: string
  message: string
  priority: Priority
  is_read: Generated<boolean>
  read_at: Date | null
  sender_name: string | null
  action_url: string | null
  created_at: Generated<Date>
  /** Set while the user keeps it in their archive; null in the inbox. */
  archived_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** Created with every switch on the first time a user reads their preferences. */
export interface NotificationPreferenceTable {
  id: Generated<number>
  user_id: number
  types: ColumnType<TypeSwitches, string, string>
  push_token: string | null
  updated_at: Date
}

/** A browser's push registration; `device_id` is the browser's own UUID, so re-registering updates the row. */
export interface DeviceTokenTable {
  id: Generated<number>
  user_id: number
  device_id: string
  device_type: "web"
  fcm_token: string
  created_at: Date
  updated_at: Date
}

/** Appended to the server's Database interface (server/db/schema.ts). */
export interface NotificationTables {
  notification: NotificationTable
  notification_preference: NotificationPreferenceTable
  device_token: DeviceTokenTable
}
