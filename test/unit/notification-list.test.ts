import { describe, expect, it } from "vitest"
import {
  isUnread,
  markAllAsRead,
  markOneRead,
  matchesFilters,
  mergeById,
  newestId,
} from "../../src/machines/notifications/notification-list"
import type { Notification } from "../../src/schema/notifications/notifications"
import { badgeText } from "../../src/views/notifications/badge-text"

const item = (id: number, patch: Partial<Notification> = {}): Notification => ({
  id,
  notification_type: "system",
  title: `Title ${id}`,
  message: `Message ${id}`,
  priority: "medium",
  is_read: false,
  sender_name: null,
  created_at: "2026-01-01T00:00:00.000Z",
  action_url: null,
  channel: "in_app",
  ...patch,
})

describe("badgeText", () => {
  it("shows nothing at zero or below", () => {
    expect(badgeText(0)).toBeNull()
    expect(badgeText(-1)).toBeNull()
  })
  it("shows the count up to 9 and '9+' above", () => {
    expect(badgeText(1)).toBe("1")
    expect(badgeText(9)).toBe("9")
    expect(badgeText(10)).toBe("9+")
    expect(badgeText(250)).toBe("9+")
  })
})

describe("mergeById", () => {
  it("holds each id once, newest first", () => {
    const merged = mergeById([item(3), item(1)], [item(2), item(3), item(4)])
    expect(merged.map((n) => n.id)).toEqual([4, 3, 2, 1])
  })
  it("takes the incoming copy of a held id", () => {
    const merged = mergeById([item(1, { title: "old" })], [item(1, { title: "new" })])
    expect(merged).toHaveLength(1)
    expect(merged[0]?.title).toBe("new")
  })
  it("never resurrects a held read item as unread", () => {
    const merged = mergeById([item(1, { is_read: true })], [item(1, { is_read: false })])
    expect(merged[0]?.is_read).toBe(true)
  })
  it("merging the same batch twice changes nothing", () => {
    const once = mergeById([], [item(5), item(6)])
    expect(mergeById(once, [item(5), item(6)])).toEqual(once)
  })
})

describe("read helpers and filters", () => {
  it("marks one or all read", () => {
    const items = [item(2), item(1)]
    expect(markOneRead(items, 1).map((n) => n.is_read)).toEqual([false, true])
    expect(markAllAsRead(items).every((n) => n.is_read)).toBe(true)
    expect(isUnread(items, 2)).toBe(true)
    expect(isUnread(markOneRead(items, 2), 2)).toBe(false)
  })
  it("finds the newest id", () => {
    expect(newestId([])).toBeNull()
    expect(newestId([item(4), item(9), item(2)])).toBe(9)
  })
  it("matches filters on read state, type and priority", () => {
    const n = item(1, { notification_type: "security", priority: "high" })
    expect(matchesFilters(n, {})).toBe(true)
    expect(matchesFilters(n, { is_read: "false" })).toBe(true)
    expect(matchesFilters(n, { is_read: "true" })).toBe(false)
    expect(matchesFilters(n, { type: "welcome" })).toBe(false)
    expect(matchesFilters(n, { type: "security", priority: "high" })).toBe(true)
    expect(matchesFilters(n, { priority: "low" })).toBe(false)
  })
})
