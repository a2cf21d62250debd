// The PostgreSQL NOTIFY channels the notification domain speaks on, and their payloads. Payloads carry ids
// only: a listener loads the row itself, so nothing private travels through NOTIFY and the 8000-byte payload
// limit is never a concern.

export const NEW_NOTIFICATION_CHANNEL = "notifications"
export const READ_CHANNEL = "notification_reads"

/** `<userId>:<notificationId>` */
export const newNotificationPayload = (userId: number, notificationId: number): string =>
  `${userId}:${notificationId}`

/** `<userId>:<notificationId>` for one read, `<userId>:all` for mark-all-read. */
export const readPayload = (userId: number, notificationId: number | "all"): string =>
  `${userId}:${notificationId}`

const ID = /^[1-9][0-9]{0,14}$/

export function parseNewNotification(payload: string): { userId: number; notificationId: number } | null {
  const [user, id, ...rest] = payload.split(":")
  if (rest.length > 0 || !user || !id || !ID.test(user) || !ID.test(id)) return null
  return { userId: Number(user), notificationId: Number(id) }
}

export function parseRead(payload: string): { userId: number; notificationId: number | "all" } | null {
  const [user, id, ...rest] = payload.split(":")
  if (rest.length > 0 || !user || !id || !ID.test(user)) return null
  if (id === "all") return { userId: Number(user), notificationId: "all" }
  return ID.test(id) ? { userId: Number(user), notificationId: Number(id) } : null
}
