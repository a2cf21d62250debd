import { Context, Effect, Layer } from "effect"
import { NOTIFICATIONS } from "../../constants"
import { notificationsApi } from "../../schema/api/notifications"
import type {
  MarkAllReadResponse,
  MarkReadResponse,
  Notification,
  NotificationPage,
  NotificationType,
  Priority,
  UnreadCount,
} from "../../schema/notifications/notifications"
import type { Failure } from "../../schema/system/failure"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

// Every REST call of the bell and the notification pages, each answer decoded by the shared wire
// schema so that a server change surfaces as an Failure, never as a wrong-shaped item in a view.

const { endpoints } = notificationsApi
const channel = NOTIFICATIONS.defaultChannel

export interface NotificationFilters {
  readonly is_read?: "true" | "false"
  readonly type?: NotificationType
  readonly priority?: Priority
}

export interface PageQuery extends NotificationFilters {
  readonly page?: number
  /** "true": the archive; absent: the notifications not archived. */
  readonly archived?: "true"
  /** Catch-up: only items newer than this id, oldest first. */
  readonly since_id?: number
}

export interface NotificationsApiShape {
  readonly page: (query: PageQuery) => Effect.Effect<NotificationPage, Failure>
  /** The count, and the live position it reflects (absent from an older server). */
  readonly unreadCount: Effect.Effect<UnreadCount, Failure>
  readonly detail: (id: number) => Effect.Effect<Notification, Failure>
  readonly markRead: (id: number) => Effect.Effect<MarkReadResponse, Failure>
  readonly markAllRead: Effect.Effect<MarkAllReadResponse, Failure>
  /** The push toast's path: the id travels in the body (docs/behaviour.md#push-order). */
  readonly markReadFromToast: (id: number) => Effect.Effect<MarkReadResponse, Failure>
}

export class NotificationsApi extends Context.Service<NotificationsApi, NotificationsApiShape>()(
  "app/NotificationsApi",
) {
  static readonly layer = Layer.effect(
    NotificationsApi,
    Effect.gen(function* () {
      const api = yield* Api
      return NotificationsApi.of({
        page: (query) =>
          callEndpoint(api, endpoints.list, {
            query: { page_size: NOTIFICATIONS.pageSize, channel, ...query },
          }),
        unreadCount: callEndpoint(api, endpoints.unreadCount, { query: { channel } }),
        detail: (id) => callEndpoint(api, endpoints.get, { params: { id: String(id) } }),
        markRead: (id) => callEndpoint(api, endpoints.markReadById, { params: { id: String(id) } }),
        markAllRead: callEndpoint(api, endpoints.markAllRead, { query: { channel } }),
        markReadFromToast: (id) =>
          callEndpoint(api, endpoints.markRead, { payload: { notification_id: id } }),
      })
    }),
  )
}
