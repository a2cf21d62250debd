/** One row per notification some instance has taken on to push: the insert is the claim. */
export interface NotificationPushTable {
  notification_id: number
  claimed_at: Date
}

/** Appended to the server's Database interface (server/db/schema.ts). */
export interface PushTables {
  notification_push: NotificationPushTable
}
