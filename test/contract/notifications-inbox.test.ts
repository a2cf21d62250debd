// The inbox's state changes: mark-unread, archive and unarchive under /api/v1/notifications/{id}/. Each is the
// caller's own (another user's id is a 404, as is an id that names nothing), idempotent, counted in the unread
// count, seen by the list at once (the archive with ?archived=true), and told to the user's sockets.
import { Schema } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import {
  ArchiveResponse,
  MarkUnreadResponse,
  type Notification,
  NotificationPage,
  UnreadCount,
} from "../../src/schema/notifications/notifications"
import { ErrorBody } from "../../src/schema/system/errors"
import { type Session, startServer, type TestServer } from "./harness"
import { openSocket, type TestSocket } from "./notifications-socket-client"

const BASE = "/api/v1/notifications/"
const decodePage = Schema.decodeUnknownSync(NotificationPage)

describe("notification inbox: mark-unread, archive, unarchive", () => {
  let server: TestServer
  let coordinator: Session
  let viewer: Session
  const opened: TestSocket[] = []

  const post = async (path: string, who: Session | null, init: { json?: unknown } = {}) => {
    const response = await server.call(`${BASE}${path}`, {
      method: "POST",
      ...(who ? { bearer: who.access } : {}),
      ...(init.json === undefined ? {} : { json: init.json }),
    })
    return { status: response.status, body: (await response.json()) as unknown }
  }
  const page = async (query: string, who: Session = coordinator) => {
    const response = await server.call(`${BASE}${query}`, { bearer: who.access })
    expect(response.status).toBe(200)
    return decodePage(await response.json())
  }
  const unread = async (who: Session = coordinator) =>
    Schema.decodeUnknownSync(UnreadCount)(
      await (await server.call(`${BASE}unread-count/`, { bearer: who.access })).json(),
    ).unread_count
  const first = async (query: string, who: Session = coordinator): Promise<Notification> => {
    const found = (await page(`?page_size=1&${query}`, who)).results[0]
    if (!found) throw new Error(`no notification for ${query}`)
    return found
  }
  const connect = (who: Session) => {
    const socket = openSocket(server.url, { token: who.access, origin: server.origin })
    opened.push(socket)
    return socket
  }

  beforeAll(async () => {
    server = await startServer()
    coordinator = await server.login("coordinator@example.com", "coordinator-demo-1")
    viewer = await server.login("viewer@example.com", "viewer-demo-1")
  })
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()))
  })
  afterAll(() => server?.close())

  it("marks a read notification unread, once: the count and the unread list see it at once", async () => {
    const target = await first("is_read=true")
    const before = await unread()
    // Held in the page cache before the write: the write must drop it.
    expect((await page("?is_read=false&page_size=1")).results[0]?.id).not.toBe(target.id)
    const done = await post(`${target.id}/mark-unread/`, coordinator)
    expect(done.status).toBe(200)
    expect(Schema.decodeUnknownSync(MarkUnreadResponse)(done.body)).toEqual({
      id: target.id,
      is_read: false,
      unread_count: before + 1,
    })
    expect((await page("?is_read=false&page_size=100")).results.map((n) => n.id)).toContain(target.id)
    const again = await post(`${target.id}/mark-unread/`, coordinator)
    expect(again).toEqual({ status: 200, body: { id: target.id, is_read: false, unread_count: before + 1 } })
    expect(await unread()).toBe(before + 1)
  })

  it("archives one out of the list and the count into the archive, and unarchives it back, each idempotent", async () => {
    const target = await first("is_read=false")
    const before = await unread()
    const inbox = await page("?page_size=100")
    expect(inbox.results.map((n) => n.id)).toContain(target.id)

    const archived = await post(`${target.id}/archive/`, coordinator)
    expect(archived.status).toBe(200)
    expect(Schema.decodeUnknownSync(ArchiveResponse)(archived.body)).toEqual({
      id: target.id,
      archived: true,
      unread_count: before - 1,
    })
    const after = await page("?page_size=100")
    expect(after.count).toBe(inbox.count - 1)
    expect(after.results.map((n) => n.id)).not.toContain(target.id)
    expect((await page("?archived=true")).results.map((n) => n.id)).toEqual([target.id])
    // Filters apply within the archive too.
    expect((await page("?archived=true&is_read=true")).count).toBe(0)
    expect(await post(`${target.id}/archive/`, coordinator)).toEqual(archived)

    const back = await post(`${target.id}/unarchive/`, coordinator)
    expect(back).toEqual({ status: 200, body: { id: target.id, archived: false, unread_count: before } })
    expect((await page("?archived=true")).count).toBe(0)
    expect((await page("?page_size=100")).results.map((n) => n.id)).toContain(target.id)
    expect(await post(`${target.id}/unarchive/`, coordinator)).toEqual(back)
  })

  it("answers another user's notification, or an id that names nothing, with 404 {detail}, changing nothing", async () => {
    const theirs = await first("is_read=true", viewer)
    const viewerUnread = await unread(viewer)
    for (const action of ["mark-unread", "archive", "unarchive"]) {
      for (const id of [String(theirs.id), "987654", "0", "-1", "abc", "1.5", "99999999999"]) {
        const response = await post(`${id}/${action}/`, coordinator)
        expect(response.status, `${action} ${id}`).toBe(404)
        expect(Schema.decodeUnknownSync(ErrorBody)(response.body).detail).toBe("Notification not found.")
      }
    }
    expect(await unread(viewer)).toBe(viewerUnread)
    expect((await page("?archived=true", viewer)).count).toBe(0)
  })

  it("refuses a malformed body with 400 {detail} and every call without a token with 401", async () => {
    const id = (await first("")).id
    for (const action of ["mark-unread", "archive", "unarchive"]) {
      const malformed = await server.call(`${BASE}${id}/${action}/`, {
        body: "{not json",
        contentType: "application/json",
        bearer: coordinator.access,
      })
      expect(malformed.status).toBe(400)
      expect(Schema.decodeUnknownSync(ErrorBody)(await malformed.json()).detail).toBeTruthy()
      expect((await post(`${id}/${action}/`, null)).status).toBe(401)
    }
    const badFilter = await server.call(`${BASE}?archived=maybe`, { bearer: coordinator.access })
    expect(badFilter.status).toBe(400)
    expect(Schema.decodeUnknownSync(ErrorBody)(await badFilter.json()).detail).toBeTruthy()
  })

  it("tells every socket of the user (and no one else's) of an unread, an archive and an unarchive", async () => {
    const tab = connect(coordinator)
    const stranger = connect(viewer)
    await tab.next("connection_established")
    await stranger.next("connection_established")
    const target = await first("is_read=true")
    const count = await unread()

    await post(`${target.id}/mark-unread/`, coordinator)
    expect(await tab.next("notification.changed")).toEqual({
      type: "notification.changed",
      notification_id: target.id,
      change: "unread",
      position: expect.any(Number),
    })
    expect(await tab.next("unread_count")).toEqual({ type: "unread_count", unread_count: count + 1 })

    await post(`${target.id}/archive/`, coordinator)
    expect(await tab.next("notification.changed")).toEqual({
      type: "notification.changed",
      notification_id: target.id,
      change: "archived",
      position: expect.any(Number),
    })
    expect(await tab.next("unread_count")).toEqual({ type: "unread_count", unread_count: count })

    await post(`${target.id}/unarchive/`, coordinator)
    expect(await tab.next("notification.changed")).toEqual({
      type: "notification.changed",
      notification_id: target.id,
      change: "unarchived",
      position: expect.any(Number),
    })
    // Idempotent calls announce nothing.
    await tab.next("unread_count")
    await post(`${target.id}/unarchive/`, coordinator)
    await tab.settle()
    expect(tab.pending()).toEqual([])
    await stranger.settle()
    expect(stranger.pending().filter((m) => (m as { type: string }).type !== "pong")).toEqual([])
  })
})
