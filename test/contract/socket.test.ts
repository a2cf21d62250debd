// The live socket with a real `ws` client against a listening server: connection_established, every client
// message and its answer, live delivery, reads reaching the user's other tabs, and the refusals (bad token
// 4401, foreign Origin 4403, oversized frame 1009, malformed frames answered with an error).
import { Schema } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { SOCKET_CLOSE, SOCKET_MAX_PAYLOAD_BYTES } from "../../src/schema/live/socket"
import { NotificationPage, UnreadCount } from "../../src/schema/notifications/notifications"
import { ALLOWED_ORIGIN, type Session, startServer, type TestServer } from "./harness"
import { openSocket, type TestSocket } from "./notifications-socket-client"

const BASE = "/api/v1/notifications/"

describe("notification socket", () => {
  let server: TestServer
  let coordinator: Session
  let admin: Session
  let viewer: Session
  const opened: TestSocket[] = []

  const connect = (who: Session | null, options: { origin?: string | null; token?: string } = {}) => {
    const socket = openSocket(server.url, {
      token: options.token ?? who?.access ?? null,
      origin: options.origin === undefined ? server.origin : options.origin,
    })
    opened.push(socket)
    return socket
  }
  const unread = async (who: Session) =>
    Schema.decodeUnknownSync(UnreadCount)(
      await (await server.call(`${BASE}unread-count/`, { bearer: who.access })).json(),
    ).unread_count
  const newest = async (who: Session, query = "") => {
    const response = await server.call(`${BASE}?page_size=1${query}`, { bearer: who.access })
    return Schema.decodeUnknownSync(NotificationPage)(await response.json()).results[0]
  }
  const adminSend = (json: Record<string, unknown>) =>
    server.call(BASE, {
      json: { title: "Live one", message: "Sent during a test", ...json },
      bearer: admin.access,
    })

  beforeAll(async () => {
    server = await startServer()
    coordinator = await server.login("coordinator@example.com", "coordinator-demo-1")
    admin = await server.login("admin@example.com", "admin-demo-1")
    viewer = await server.login("viewer@example.com", "viewer-demo-1")
  })
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()))
  })
  afterAll(() => server?.close())

  it("announces the connection with the newest id and the unread count", async () => {
    const socket = connect(coordinator)
    const hello = await socket.next("connection_established")
    expect(hello).toEqual({
      type: "connection_established",
      user_id: coordinator.user.id,
      latest_notification_id: (await newest(coordinator))?.id,
      unread_count: await unread(coordinator),
    })
  })

  it("answers ping with pong carrying the same timestamp", async () => {
    const socket = connect(coordinator)
    await socket.next("connection_established")
    socket.send({ type: "ping", timestamp: 1712345678901 })
    expect(await socket.next("pong")).toEqual({ type: "pong", timestamp: 1712345678901 })
  })

  it("answers get_unread_count per channel", async () => {
    const socket = connect(coordinator)
    await socket.next("connection_established")
    socket.send({ type: "get_unread_count" })
    expect(await socket.next("unread_count")).toEqual({
      type: "unread_count",
      unread_count: await unread(coordinator),
    })
    socket.send({ type: "get_unread_count", channel: "push" })
    expect(await socket.next("unread_count")).toEqual({ type: "unread_count", unread_count: 0 })
  })

  it("delivers a new notification live with the unread count, to its recipient only", async () => {
    const mine = connect(viewer)
    const other = connect(coordinator)
    await Promise.all([mine.next("connection_established"), other.next("connection_established")])
    const response = await adminSend({
      recipient_email: "viewer@example.com",
      action_url: "/dashboard",
      priority: "urgent",
    })
    const { ids } = (await response.json()) as { ids: number[] }
    const live = await mine.next("notification")
    expect(live.notification).toMatchObject({
      id: ids[0],
      title: "Live one",
      priority: "urgent",
      is_read: false,
      action_url: "/dashboard",
      sender_name: "Ada Admin",
    })
    expect(live.unread_count).toBe(await unread(viewer))
    await other.settle()
    expect(other.pending().filter((m) => m.type === "notification")).toEqual([])
  })

  it("sends a read made on one socket to every socket of that user, and to nobody else", async () => {
    const tabA = connect(coordinator)
    const tabB = connect(coordinator)
    const stranger = connect(admin)
    await Promise.all([tabA, tabB, stranger].map((s) => s.next("connection_established")))
    const target = await newest(coordinator, "&is_read=false")
    if (!target) throw new Error("expected an unread notification")
    const before = await unread(coordinator)

    tabA.send({ type: "mark_notification_read", notification_id: target.id, channel: "in_app" })
    for (const tab of [tabA, tabB]) {
      expect(await tab.next("notification.read")).toEqual({
        type: "notification.read",
        notification_id: target.id,
      })
      expect(await tab.next("unread_count")).toEqual({ type: "unread_count", unread_count: before - 1 })
    }
    expect(await unread(coordinator)).toBe(before - 1)
    await stranger.settle()
    expect(stranger.pending()).toEqual([])
  })

  it("sends REST reads (one and all) to the user's sockets", async () => {
    const tab = connect(admin)
    await tab.next("connection_established")
    const target = await newest(admin, "&is_read=false")
    if (!target) throw new Error("the admin has unread demo notifications")
    await server.call(`${BASE}${target.id}/mark-read/`, { method: "POST", bearer: admin.access })
    expect(await tab.next("notification.read")).toEqual({
      type: "notification.read",
      notification_id: target.id,
    })
    await tab.next("unread_count")
    await server.call(`${BASE}mark-all-read/`, { method: "POST", bearer: admin.access })
    expect(await tab.next("notification.read")).toEqual({ type: "notification.read", notification_id: "all" })
    expect(await tab.next("unread_count")).toEqual({ type: "unread_count", unread_count: 0 })
  })

  it("answers a read of someone else's notification with an error and stays usable", async () => {
    const theirs = await newest(viewer)
    if (!theirs) throw new Error("the viewer has notifications")
    const socket = connect(coordinator)
    await socket.next("connection_established")
    socket.send({ type: "mark_notification_read", notification_id: theirs.id })
    expect(await socket.next("error")).toEqual({ type: "error", detail: "Notification not found." })
    await socket.settle()
  })

  it("answers malformed frames with an error and keeps the connection", async () => {
    const socket = connect(coordinator)
    await socket.next("connection_established")
    const frames: Array<[string | Buffer, boolean, RegExp]> = [
      ["not json", false, /Malformed JSON/],
      ["[1,2]", false, /JSON object/],
      ['"ping"', false, /JSON object/],
      ['{"timestamp":1}', false, /type/],
      ['{"type":"subscribe"}', false, /Unknown message type "subscribe"/],
      ['{"type":"ping"}', false, /timestamp/],
      ['{"type":"ping","timestamp":"soon"}', false, /timestamp/],
      ['{"type":"mark_notification_read","notification_id":-3}', false, /notification_id/],
      ['{"type":"get_unread_count","channel":"sms"}', false, /channel/],
      ['{"type":"ping","timestamp":1,"admin":true}', false, /admin/],
      [Buffer.from([1, 2, 3]), true, /text frames/],
    ]
    for (const [frame, binary, expected] of frames) {
      socket.sendRaw(frame, binary)
      const error = await socket.next("error")
      expect(error.detail, String(frame)).toMatch(expected)
    }
    await socket.settle()
    expect(socket.ws.readyState).toBe(socket.ws.OPEN)
  })

  it("refuses a missing, malformed or expired token with 4401", async () => {
    for (const token of [undefined, "not-a-jwt", `${coordinator.access}x`]) {
      const socket = connect(null, token === undefined ? {} : { token })
      expect(await socket.closed).toEqual({
        code: SOCKET_CLOSE.unauthorized.code,
        reason: SOCKET_CLOSE.unauthorized.reason,
      })
      expect(socket.received).toEqual([])
    }
    const session = await server.login("viewer@example.com", "viewer-demo-1")
    server.clock.advance(6 * 60_000)
    const expired = connect(session)
    expect((await expired.closed).code).toBe(4401)
  })

  it("refuses a foreign Origin with 4403, accepts allowed ones and none", async () => {
    const fresh = await server.login("coordinator@example.com", "coordinator-demo-1")
    const foreign = connect(fresh, { origin: "http://evil.example" })
    expect(await foreign.closed).toEqual({
      code: SOCKET_CLOSE.forbiddenOrigin.code,
      reason: SOCKET_CLOSE.forbiddenOrigin.reason,
    })
    expect(foreign.received).toEqual([])
    for (const origin of [ALLOWED_ORIGIN, server.origin, null]) {
      const socket = connect(fresh, { origin })
      await socket.next("connection_established")
    }
  })

  it("closes the connection with 1009 when a frame exceeds 64 KB", async () => {
    const fresh = await server.login("coordinator@example.com", "coordinator-demo-1")
    const socket = connect(fresh)
    await socket.next("connection_established")
    socket.sendRaw(JSON.stringify({ type: "ping", timestamp: 1, pad: "x".repeat(SOCKET_MAX_PAYLOAD_BYTES) }))
    expect((await socket.closed).code).toBe(1009)

    const justUnder = connect(fresh)
    await justUnder.next("connection_established")
    justUnder.sendRaw(`{"type":"ping","timestamp":7}${" ".repeat(SOCKET_MAX_PAYLOAD_BYTES - 40)}`)
    expect(await justUnder.next("pong")).toEqual({ type: "pong", timestamp: 7 })
  })
})
