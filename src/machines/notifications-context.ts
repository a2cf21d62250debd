import type { Notification, NotificationPage } from "../schema/notifications"
import type { NotificationFilters } from "./notification-list"

// The notifications machine's vocabulary: the events it takes, the context it keeps and the outcomes its
// actors deliver (notifications.machine.ts holds the chart).

export type Write = { readonly kind: "one"; readonly id: number } | { readonly kind: "all" }

export type NotificationsEvent =
  | { type: "notifications.start" }
  | { type: "notifications.stop" }
  | { type: "notifications.retry" }
  | { type: "notifications.refetch" }
  | { type: "notifications.loadMore" }
  | { type: "notifications.filter"; filters: NotificationFilters }
  /** The full page closed: the bell goes back to the unfiltered list. */
  | { type: "notifications.clearFilters" }
  | { type: "notifications.markRead"; id: number }
  | { type: "notifications.markAllRead" }
  | { type: "notifications.open"; id: number }
  | { type: "notifications.tick"; now: number }
  /** The socket (re)connected: catch up from the newest id held and take the server's count. */
  | { type: "notifications.connected"; latestId: number; unread: number }
  | { type: "notifications.live"; notification: Notification; unread: number; at: number }
  | { type: "notifications.count"; unread: number }
  | { type: "notifications.readElsewhere"; id: number | "all" }
  /** A push toast announced this id: the socket's toast must not announce it again. */
  | { type: "notifications.toasted"; id: number }

export interface NotificationsContext {
  items: Notification[]
  filters: NotificationFilters
  /** The last page loaded; 'Load More' asks for the next. */
  page: number
  hasMore: boolean
  moreFailed: boolean
  unread: number
  /** Highest id ever seen from any source: the catch-up offset, and what decides "new" for a toast. */
  newestSeen: number
  now: number
  recentLive: number[]
  queue: Write[]
  detail: Notification | null
  /** Ids already announced by a push toast, newest last (bounded). */
  toasted: number[]
}

export interface FirstPage {
  readonly page: NotificationPage
  readonly unread: number
}
export interface CatchUp {
  readonly items: ReadonlyArray<Notification>
  readonly unread: number
}

export const fresh = (): NotificationsContext => ({
  items: [],
  filters: {},
  page: 0,
  hasMore: false,
  moreFailed: false,
  unread: 0,
  newestSeen: 0,
  now: 0,
  recentLive: [],
  queue: [],
  detail: null,
  toasted: [],
})
