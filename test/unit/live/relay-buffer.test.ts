import { describe, expect, it } from "vitest"
import {
  emptyRelayBuffer,
  type RelayBuffer,
  relayLost,
  relayTake,
  welcomeFrames,
} from "../../../src/machines/live/relay-buffer"
import type { ServerMessage } from "../../../src/schema/live/socket"

// What the tab holding the session's socket answers a tab that joins it: as the server answers a socket that
// resumes from a position (docs/behaviour.md#one-socket-per-session).

const established = (position: number, extra: Partial<Record<"reload", true>> = {}): ServerMessage => ({
  type: "connection_established",
  user_id: 7,
  latest_notification_id: 40,
  unread_count: 3,
  position,
  ...extra,
})
const read = (id: number, position: number): ServerMessage => ({
  type: "notification.read",
  notification_id: id,
  position,
})
const notification = (id: number, unread: number, position: number): ServerMessage => ({
  type: "notification",
  notification: {
    id,
    notification_type: "system",
    title: `N${id}`,
    message: "",
    priority: "low",
    is_read: false,
    sender_name: null,
    created_at: "2026-11-27T10:00:00Z",
    action_url: null,
    channel: "in_app",
  },
  unread_count: unread,
  position,
})

const take = (buffer: RelayBuffer, messages: ReadonlyArray<ServerMessage>, keep = 500) =>
  messages.reduce((b, m) => relayTake(b, m, keep), buffer)

describe("relay buffer", () => {
  it("answers nobody while no connection is open", () => {
    expect(welcomeFrames(emptyRelayBuffer, null)).toBeNull()
    const open = take(emptyRelayBuffer, [established(10)])
    expect(welcomeFrames(relayLost(open), 10)).toBeNull()
  })

  it("joins a tab from now, at the newest position, with the counts as they are now", () => {
    const buffer = take(emptyRelayBuffer, [established(10), notification(41, 4, 12), read(41, 13)])
    const unread: ServerMessage = { type: "unread_count", unread_count: 2 }
    expect(welcomeFrames(relayTake(buffer, unread, 500), null)).toEqual([
      {
        type: "connection_established",
        user_id: 7,
        latest_notification_id: 41,
        unread_count: 2,
        position: 13,
      },
    ])
  })

  it("replays what a tab missed after its position, then the count as it is now", () => {
    const buffer = take(emptyRelayBuffer, [
      established(10),
      read(1, 11),
      notification(41, 4, 12),
      read(41, 13),
    ])
    expect(welcomeFrames(buffer, 11)).toEqual([
      {
        type: "connection_established",
        user_id: 7,
        latest_notification_id: 41,
        unread_count: 4,
        position: 11,
      },
      notification(41, 4, 12),
      read(41, 13),
      { type: "unread_count", unread_count: 4 },
    ])
    // Ahead of the stream (its page loaded later than the last frame): nothing to replay, its own position.
    expect(welcomeFrames(buffer, 20)).toEqual([
      {
        type: "connection_established",
        user_id: 7,
        latest_notification_id: 41,
        unread_count: 4,
        position: 20,
      },
    ])
  })

  it("makes a tab reload when its position is older than the frames kept", () => {
    const buffer = take(emptyRelayBuffer, [established(10), read(1, 11), read(2, 12), read(3, 13)], 2)
    expect(buffer.floor).toBe(11)
    expect(welcomeFrames(buffer, 11)?.map((f) => f.type)).toEqual([
      "connection_established",
      "notification.read",
      "notification.read",
      "unread_count",
    ])
    expect(welcomeFrames(buffer, 10)).toEqual([
      {
        type: "connection_established",
        user_id: 7,
        latest_notification_id: 40,
        unread_count: 3,
        position: 13,
        reload: true,
      },
    ])
  })

  it("keeps a frame once, and what was kept across a connection that resumes where the last stopped", () => {
    const first = take(emptyRelayBuffer, [established(10), read(1, 11), read(1, 11)])
    expect(first.frames).toHaveLength(1)
    const resumed = take(relayLost(first), [established(11), read(2, 12)])
    expect(resumed.floor).toBe(10)
    expect(welcomeFrames(resumed, 10)?.map((f) => f.type)).toContain("notification.read")
    // A connection that could not resume starts afresh: nothing older is vouched for.
    const reloaded = take(relayLost(first), [established(30, { reload: true })])
    expect(reloaded.frames).toEqual([])
    expect(welcomeFrames(reloaded, 11)?.[0]).toMatchObject({ reload: true, position: 30 })
  })
})
