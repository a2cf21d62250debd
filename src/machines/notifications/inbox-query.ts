import { NOTIFICATION_TYPES, PRIORITIES } from "../../schema/notifications/notifications"
import type { NotificationFilters } from "./notification-list"

// Where the notifications page is: the inbox or the archive, and its filters. It lives in the URL (like every
// list's place, see list-url.ts) so that it survives reload and Back; only what differs from the defaults is
// written, so the plain inbox has a clean address.

export type InboxView = "inbox" | "archived"

export interface InboxQuery {
  readonly view: InboxView
  readonly filters: NotificationFilters
}

export const DEFAULT_INBOX_QUERY: InboxQuery = { view: "inbox", filters: {} }

const pick = <T extends string>(options: ReadonlyArray<T>, value: string | null): T | undefined =>
  options.find((o) => o === value)

/** Unknown values are dropped: an old or hand-edited link still opens a list. */
export function parseInboxSearch(search: string): InboxQuery {
  const params = new URLSearchParams(search)
  const is_read = pick(["true", "false"] as const, params.get("is_read"))
  const type = pick(NOTIFICATION_TYPES, params.get("type"))
  const priority = pick(PRIORITIES, params.get("priority"))
  return {
    view: params.get("view") === "archived" ? "archived" : "inbox",
    filters: {
      ...(is_read ? { is_read } : {}),
      ...(type ? { type } : {}),
      ...(priority ? { priority } : {}),
    },
  }
}

export function inboxSearchString(query: InboxQuery): string {
  const params = new URLSearchParams()
  if (query.view === "archived") params.set("view", "archived")
  if (query.filters.is_read) params.set("is_read", query.filters.is_read)
  if (query.filters.type) params.set("type", query.filters.type)
  if (query.filters.priority) params.set("priority", query.filters.priority)
  return params.toString()
}

export const hasFilters = (filters: NotificationFilters): boolean =>
  filters.is_read !== undefined || filters.type !== undefined || filters.priority !== undefined

export const sameInboxQuery = (a: InboxQuery, b: InboxQuery): boolean =>
  inboxSearchString(a) === inboxSearchString(b)
