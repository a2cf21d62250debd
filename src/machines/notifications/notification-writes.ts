import type { Notification } from "../../schema/notifications/notifications"
import { applyChange, markAllAsRead, type NotificationChange } from "./notification-list"

// The optimistic side of a write: what the bell's list, the open notification and the unread count look like
// at once, before the server confirms. The count changes only for what this actor can see (a row it holds or
// the open notification); the server's answer carries the true count either way.

/** One queued call: read one, read all, unread one, archive or unarchive one. */
export type Write =
  | { readonly kind: "one"; readonly id: number }
  | { readonly kind: "all" }
  | { readonly kind: "unread"; readonly id: number }
  | { readonly kind: "archive"; readonly id: number }
  | { readonly kind: "unarchive"; readonly id: number }

export const changeOf = (write: Write): NotificationChange =>
  write.kind === "one" || write.kind === "all"
    ? "read"
    : write.kind === "unread"
      ? "unread"
      : write.kind === "archive"
        ? "archived"
        : "unarchived"

interface Held {
  readonly items: ReadonlyArray<Notification>
  readonly detail: Notification | null
  readonly unread: number
}

/** The held copy of one notification, from the bell's list or the open one. */
const heldCopy = (held: Held, id: number): Notification | undefined =>
  held.items.find((n) => n.id === id) ?? (held.detail?.id === id ? held.detail : undefined)

/** How the unread count moves: only for a row known to change state; archived rows are not counted. */
function countAfter(held: Held, write: Write): number {
  if (write.kind === "all") return 0
  const copy = heldCopy(held, write.id)
  if (!copy) return held.unread
  // Unarchiving is left to the server's answer: an archived row is held nowhere here to say if it was unread.
  const delta =
    write.kind === "unread" ? (copy.is_read ? 1 : 0) : write.kind === "unarchive" || copy.is_read ? 0 : -1
  return Math.max(0, held.unread + delta)
}

/**
 * Whether the call is worth making: a read of a row held as read, or an unread of one held as unread, changes
 * nothing. A row this actor does not hold (deeper in the page's list) is always sent.
 */
export function needsCall(held: Held, write: Write): boolean {
  if (write.kind === "all" || write.kind === "archive" || write.kind === "unarchive") return true
  const copy = heldCopy(held, write.id)
  return copy === undefined || copy.is_read === (write.kind === "unread")
}

export function optimistic(held: Held, write: Write) {
  const change = changeOf(write)
  const id = write.kind === "all" ? "all" : write.id
  const detail =
    held.detail && (id === "all" || held.detail.id === id)
      ? change === "read" || change === "unread"
        ? { ...held.detail, is_read: change === "read" }
        : held.detail
      : held.detail
  return {
    items: write.kind === "all" ? markAllAsRead(held.items) : applyChange(held.items, id, change),
    detail,
    unread: countAfter(held, write),
  }
}
