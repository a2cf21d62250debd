import { Result, Schema } from "effect"
import { PushPayload } from "../../schema/push/push"

// A foreground push message as the push machine sees it: decoded, with the id as a number. A payload that
// does not decode is not a message of ours.

export interface PushMessage {
  readonly title: string
  readonly body: string
  readonly notificationId: number | null
  readonly actionUrl: string | null
}

export const NEW_PUSH_TITLE = "New notification"

const ID = /^[1-9][0-9]{0,14}$/

export function toPushMessage(raw: unknown): PushMessage | null {
  const decoded = Schema.decodeUnknownResult(PushPayload)(raw)
  if (Result.isFailure(decoded)) return null
  const { notification, data } = decoded.success
  const id = data?.notification_id
  const title = (notification?.title ?? data?.title ?? "").trim()
  return {
    title: title === "" ? NEW_PUSH_TITLE : title,
    body: notification?.body ?? data?.body ?? "",
    notificationId: id !== undefined && ID.test(id) ? Number(id) : null,
    actionUrl: data?.action_url ?? null,
  }
}
