import { Context, Effect, Layer } from "effect"
import { NOTIFICATIONS } from "../constants"
import type { Failure } from "../schema/failure"
import {
  MarkAllReadResponse,
  MarkReadResponse,
  Notification,
  NotificationPage,
  type NotificationType,
  type Priority,
  UnreadCount,
} from "../schema/notifications"
import { Api } from "./api"

// Every REST call of the bell and the notification pages (SPEC §7), each answer decoded by the shared wire
// schema so that a server change surfaces as an Failure, never as a wrong-shaped item in a view.

const base = "/api/v1/notifications/"
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
  readonly unreadCount: Effect.Effect<number, Failure>
  readonly detail: (id: number) => Effect.Effect<Notification, Failure>
  readonly markRead: (id: number) => Effect.Effect<MarkReadResponse, Failure>
  readonly markAllRead: Effect.Effect<MarkAllReadResponse, Failure>
  /** The toast's path: the id travels in the body (SPEC §7). */
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
          api.request("GET", base, {
            query: { page_size: NOTIFICATIONS.pageSize, channel, ...query },
            schema: NotificationPage,
          }),
        unreadCount: api
          .request("GET", `${base}unread-count/`, { query: { channel }, schema: UnreadCount })
          .pipe(Effect.map((r) => r.unread_count)),
        detail: (id) => api.request("GET", `${base}${id}/`, { schema: Notification }),
        markRead: (id) => api.request("POST", `${base}${id}/mark-read/`, { schema: MarkReadResponse }),
        markAllRead: api.request("POST", `${base}mark-all-read/`, {
          query: { channel },
          schema: MarkAllReadResponse,
        }),
        markReadFromToast: (id) =>
          api.request("POST", `${base}mark-read/`, {
            body: { notification_id: id },
            schema: MarkReadResponse,
          }),
      })
    }),
  )
}
