import { afterEach, describe, expect, it, vi } from "vitest"
import { decodeFrame } from "../../src/effects/live/notification-socket"
import { toNotificationsEvent } from "../../src/machines/live/socket-messages"

afterEach(() => vi.restoreAllMocks())

describe("socket frames", () => {
  it("decodes a known frame into the notifications event it means", () => {
    const frame = decodeFrame(JSON.stringify({ type: "unread_count", unread_count: 4 }))
    expect(frame).not.toBeNull()
    expect(frame && toNotificationsEvent(frame, 0)).toEqual({ type: "notifications.count", unread: 4 })
    const update = decodeFrame(
      JSON.stringify({
        type: "realtime_update",
        event_type: "notification_read",
        data: { notification_id: "all" },
      }),
    )
    expect(update && toNotificationsEvent(update, 0)).toEqual({
      type: "notifications.readElsewhere",
      id: "all",
    })
  })
  it("logs and drops frames that are not JSON or do not decode, without throwing", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    expect(decodeFrame("{nope")).toBeNull()
    expect(decodeFrame(JSON.stringify({ type: "unread_count", unread_count: -1 }))).toBeNull()
    expect(decodeFrame(JSON.stringify({ type: "mystery" }))).toBeNull()
    expect(warn).toHaveBeenCalledTimes(3)
  })
})
