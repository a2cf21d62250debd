import { afterEach, describe, expect, it, vi } from "vitest"
import { decodeFrame } from "../../src/effects/notification-socket"
import { toNotificationsEvent } from "../../src/machines/socket-messages"

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

describe("socket keep-alive", () => {
  it("sends a ping with a timestamp every interval while open, and stops when closed", async () => {
    vi.useFakeTimers()
    const { createActor } = await import("xstate")
    const { notificationSocket } = await import("../../src/effects/notification-socket")
    const { SOCKET } = await import("../../src/constants")
    const sent: string[] = []
    const fake = {
      readyState: 0,
      send: (data: string) => sent.push(data),
      close: () => {},
      onopen: null as null | (() => void),
      onmessage: null,
      onclose: null,
    }
    vi.stubGlobal("WebSocket", { OPEN: 1 })
    const actor = createActor(
      notificationSocket("ws://x", () => fake as unknown as WebSocket),
      {
        input: { token: "t" },
      },
    ).start()
    fake.readyState = 1
    fake.onopen?.()
    vi.advanceTimersByTime(SOCKET.pingIntervalMs * 2)
    expect(sent.map((s) => JSON.parse(s).type)).toEqual(["ping", "ping"])
    expect(typeof JSON.parse(sent[0] ?? "{}").timestamp).toBe("number")
    actor.stop()
    vi.advanceTimersByTime(SOCKET.pingIntervalMs * 2)
    expect(sent).toHaveLength(2)
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
})
