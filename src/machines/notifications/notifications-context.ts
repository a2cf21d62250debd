import type { Notification, NotificationPage } from "../../schema/notifications/notifications"
import type { NotificationChange, NotificationFilters } from "./notification-list"
import type { Write } from "./notification-writes"

// The notifications machine's vocabulary: the events it takes, the context it keeps and the outcomes its
// actors deliver (notifications.machine.ts holds the chart).

/** The bell's two tabs: every notification, or the unread ones only. */
export type BellTab = "all" | "unread"

export type NotificationsEvent =
  | { type: "notifications.start" }
  | { type: "notifications.stop" }
  | { type: "notifications.retry" }
  | { type: "notifications.refetch" }
  | { type: "notifications.loadMore" }
  | { type: "notifications.tab"; tab: BellTab }
  | { type: "notifications.markRead"; id: number }
  | { type: "notifications.markUnread"; id: number }
  | { type: "notifications.archive"; id: number }
  | { type: "notifications.unarchive"; id: number }
  | { type: "notifications.markAllRead" }
  | { type: "notifications.open"; id: number }
  | { type: "notifications.tick"; now: number }
  /** The socket (re)connected: take the server's count and catch up from the newest id held. */
  | { type: "notifications.connected"; latestId: number; unread: number }
  | { type: "notifications.live"; notification: Notification; unread: number; at: number }
  | { type: "notifications.count"; unread: number }
  | { type: "notifications.readElsewhere"; id: number | "all" }
  /** Marked unread, archived or unarchived in another tab (or here: the server tells every socket). */
  | { type: "notifications.changedElsewhere"; id: number; change: Exclude<NotificationChange, "read"> }
  /** A push toast announced this id: the socket's toast must not announce it again. */
  | { type: "notifications.toasted"; id: number }
  /** Whether this tab is the one the person used last of the browser's tabs: only that one toasts. */
  | { type: "notifications.inUse"; here: boolean }

export interface NotificationsContext {
  /** The bell's list, of its own tab; the notifications page keeps its own (inbox-page.machine.ts). */
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
  /**
   * Socket connections since start. Only the first one's catch-up trusts the count it holds (the first page's,
   * read moments before, then the connection's); after any later one it reads the count again.
   */
  connections: number
  /**
   * Whether live notifications are toasted here: in the tab the person used last, not in every tab of theirs
   * (tabs.machine.ts). A tab alone is that tab.
   */
  toastHere: boolean
}

export interface FirstPage {
  readonly page: NotificationPage
  readonly unread: number
  /** The live position page and count both reflect (docs/behaviour.md#catching-up); absent: an older server. */
  readonly live_position?: number
}
export interface CatchUpInput {
  readonly sinceId: number
  /** Read the unread count again too: the socket came back after a gap (docs/behaviour.md#catch-up). */
  readonly recount: boolean
}
export interface CatchUp {
  readonly items: ReadonlyArray<Notification>
  /** Null when the catch-up was not asked to recount: the count the connection brought stands. */
  readonly unread: number | null
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
  connections: 0,
  toastHere: true,
})
