import type { Notification, NotificationType, Priority } from "../../schema/notifications/notifications"

// Pure rules of the notification list (the badge's text is in badge-text.ts): how pages, live items and reads combine so
// that an item is never held twice whichever way (page, catch-up, live frame) it arrived.

export interface NotificationFilters {
  readonly is_read?: "true" | "false"
  readonly type?: NotificationType
  readonly priority?: Priority
}

/**
 * Items in `incoming` replace held ones with the same id, newest (highest id) first. An item held as read
 * stays read: an older copy (a page fetched before the read) must not resurrect it as unread.
 */
export function mergeById(
  held: ReadonlyArray<Notification>,
  incoming: ReadonlyArray<Notification>,
): Notification[] {
  const read = new Set(held.filter((n) => n.is_read).map((n) => n.id))
  const byId = new Map<number, Notification>(held.map((n) => [n.id, n]))
  for (const n of incoming) byId.set(n.id, read.has(n.id) && !n.is_read ? { ...n, is_read: true } : n)
  return [...byId.values()].sort((a, b) => b.id - a.id)
}

/** What a list's context becomes when its next page arrived: the page merged in, and whether more remain. */
export function withNextPage(
  list: { readonly items: ReadonlyArray<Notification>; readonly page: number },
  next: { readonly results: ReadonlyArray<Notification>; readonly next: string | null },
) {
  return {
    items: mergeById(list.items, next.results),
    page: list.page + 1,
    hasMore: next.next !== null,
    moreFailed: false,
  }
}

export function newestId(items: ReadonlyArray<Notification>): number | null {
  return items.reduce<number | null>((max, n) => (max === null || n.id > max ? n.id : max), null)
}

/** A live item joins the list only when the list's filters would have returned it. */
export function matchesFilters(n: Notification, f: NotificationFilters): boolean {
  if (f.is_read !== undefined && String(n.is_read) !== f.is_read) return false
  if (f.type !== undefined && n.notification_type !== f.type) return false
  if (f.priority !== undefined && n.priority !== f.priority) return false
  return true
}

export function markOneRead(items: ReadonlyArray<Notification>, id: number): Notification[] {
  return items.map((n) => (n.id === id && !n.is_read ? { ...n, is_read: true } : n))
}

export function markAllAsRead(items: ReadonlyArray<Notification>): Notification[] {
  return items.map((n) => (n.is_read ? n : { ...n, is_read: true }))
}

export function isUnread(items: ReadonlyArray<Notification>, id: number): boolean {
  return items.some((n) => n.id === id && !n.is_read)
}

/** What happened to one notification (or, for a read, to all): here, in another tab, or on another instance. */
export type NotificationChange = "read" | "unread" | "archived" | "unarchived"

export function markOneUnread(items: ReadonlyArray<Notification>, id: number): Notification[] {
  return items.map((n) => (n.id === id && n.is_read ? { ...n, is_read: false } : n))
}

export function withoutId(items: ReadonlyArray<Notification>, id: number): Notification[] {
  return items.filter((n) => n.id !== id)
}

/**
 * A list after a change: reads and unreads change the row; archiving takes it out of a list of unarchived
 * items and unarchiving out of the archive. `archived` says which of the two the list holds.
 */
export function applyChange(
  items: ReadonlyArray<Notification>,
  id: number | "all",
  change: NotificationChange,
  archived = false,
): Notification[] {
  if (id === "all") return change === "read" ? markAllAsRead(items) : [...items]
  switch (change) {
    case "read":
      return markOneRead(items, id)
    case "unread":
      return markOneUnread(items, id)
    case "archived":
      return archived ? [...items] : withoutId(items, id)
    case "unarchived":
      return archived ? withoutId(items, id) : [...items]
  }
}
