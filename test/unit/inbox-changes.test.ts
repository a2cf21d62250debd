import { describe, expect, it } from "vitest"
import { parseRead, readPayload } from "../../server/notifications/channels"
import { applyChange } from "../../src/machines/notifications/notification-list"
import { needsCall, optimistic } from "../../src/machines/notifications/notification-writes"
import type { Notification } from "../../src/schema/notifications/notifications"

const item = (id: number, is_read = false): Notification => ({
  id,
  notification_type: "reminder",
  title: `Item ${id}`,
  message: "m",
  priority: "high",
  is_read,
  sender_name: "Ops",
  created_at: "2026-01-01T00:00:00.000Z",
  action_url: null,
  channel: "in_app",
})
const ids = (items: ReadonlyArray<Notification>) => items.map((n) => `${n.id}${n.is_read ? "r" : "u"}`)

describe("a list after a change", () => {
  const list = [item(3), item(2, true), item(1)]

  it("reads, unreads, and takes archived rows out of the inbox and unarchived ones out of the archive", () => {
    expect(ids(applyChange(list, 3, "read"))).toEqual(["3r", "2r", "1u"])
    expect(ids(applyChange(list, 2, "unread"))).toEqual(["3u", "2u", "1u"])
    expect(ids(applyChange(list, "all", "read"))).toEqual(["3r", "2r", "1r"])
    expect(ids(applyChange(list, 2, "archived"))).toEqual(["3u", "1u"])
    expect(ids(applyChange(list, 2, "archived", true))).toEqual(["3u", "2r", "1u"])
    expect(ids(applyChange(list, 2, "unarchived", true))).toEqual(["3u", "1u"])
    expect(ids(applyChange(list, 2, "unarchived"))).toEqual(["3u", "2r", "1u"])
  })
})

describe("the optimistic side of a write", () => {
  const held = { items: [item(3), item(2, true)], detail: null, unread: 5 }

  it("moves the count only for a row it holds that changes state", () => {
    expect(optimistic(held, { kind: "one", id: 3 }).unread).toBe(4)
    expect(optimistic(held, { kind: "one", id: 2 }).unread).toBe(5)
    expect(optimistic(held, { kind: "unread", id: 2 }).unread).toBe(6)
    expect(optimistic(held, { kind: "archive", id: 3 }).unread).toBe(4)
    expect(ids(optimistic(held, { kind: "archive", id: 3 }).items)).toEqual(["2r"])
    expect(optimistic(held, { kind: "unarchive", id: 9 }).unread).toBe(5)
    expect(optimistic(held, { kind: "all" }).unread).toBe(0)
    // A row it does not hold: the server's answer brings the count.
    expect(optimistic(held, { kind: "one", id: 99 }).unread).toBe(5)
  })

  it("reads and unreads the open notification too", () => {
    const open = { ...held, detail: item(7, true) }
    expect(optimistic(open, { kind: "unread", id: 7 }).detail?.is_read).toBe(false)
    expect(optimistic(open, { kind: "unread", id: 7 }).unread).toBe(6)
  })

  it("skips a call that would change nothing it can see, and sends one for a row it cannot", () => {
    expect(needsCall(held, { kind: "one", id: 2 })).toBe(false)
    expect(needsCall(held, { kind: "unread", id: 3 })).toBe(false)
    expect(needsCall(held, { kind: "unread", id: 2 })).toBe(true)
    expect(needsCall(held, { kind: "one", id: 99 })).toBe(true)
    expect(needsCall(held, { kind: "archive", id: 2 })).toBe(true)
  })
})

describe("the read channel's payload", () => {
  it("round-trips reads and the other state changes, and refuses anything else", () => {
    expect(parseRead(readPayload(4, 17))).toEqual({ userId: 4, notificationId: 17 })
    expect(parseRead(readPayload(4, "all"))).toEqual({ userId: 4, notificationId: "all" })
    for (const change of ["unread", "archived", "unarchived"] as const)
      expect(parseRead(readPayload(4, 17, change))).toEqual({ userId: 4, notificationId: 17, change })
    for (const bad of ["4:all:unread", "4:17:deleted", "4:17:unread:x", "4:0", "x:17", "4:", ""])
      expect(parseRead(bad), bad).toBeNull()
  })
})
