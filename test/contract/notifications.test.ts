// The notification list and read state: paging with next/previous, each filter, since_id, unread-count,
// detail, mark-read (path and body), mark-all-read, and 400/404 for bad input and other users' ids.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  MarkAllReadResponse,
  MarkReadResponse,
  Notification,
  NotificationPage,
  UnreadCount,
} from "../../src/schema/notifications/notifications"
import { ErrorBody } from "../../src/schema/system/errors"
import { BACKENDS, postgresAvailable, type Session, startServer, type TestServer } from "./harness"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/notifications/"
const decodePage = Schema.decodeUnknownSync(NotificationPage)

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`notifications REST on ${backend}`, () => {
    let server: TestServer
    let coordinator: Session
    let admin: Session
    let viewer: Session

    const get = async (path: string, who: Session) => {
      const response = await server.call(path, { bearer: who.access })
      return { status: response.status, body: (await response.json()) as unknown }
    }
    const page = async (query: string, who: Session = coordinator) => {
      const { status, body } = await get(`${BASE}${query}`, who)
      expect(status, JSON.stringify(body)).toBe(200)
      return decodePage(body)
    }
    const unread = async (who: Session) =>
      Schema.decodeUnknownSync(UnreadCount)((await get(`${BASE}unread-count/`, who)).body).unread_count
    const detailOf = (body: unknown) => Schema.decodeUnknownSync(ErrorBody)(body).detail
    const newestId = async (who: Session) => (await page("?page_size=1", who)).results[0]?.id ?? 0

    beforeAll(async () => {
      server = await startServer({ backend })
      coordinator = await server.login("coordinator@example.com", "coordinator-demo-1")
      admin = await server.login("admin@example.com", "admin-demo-1")
      viewer = await server.login("viewer@example.com", "viewer-demo-1")
    })
    afterAll(() => server?.close())

    it("pages the coordinator's 60 demo notifications newest first, with relative next/previous links", async () => {
      const first = await page("")
      expect(first.count).toBe(60)
      expect(first.results).toHaveLength(20)
      expect(first.previous).toBeNull()
      expect(first.next).toBe(`${BASE}?page=2`)
      const ids = first.results.map((n) => n.id)
      expect(ids).toEqual([...ids].sort((a, b) => b - a))

      const second = decodePage((await get(first.next ?? "", coordinator)).body)
      expect(second.previous).toBe(`${BASE}?page=1`)
      expect(second.next).toBe(`${BASE}?page=3`)
      expect(Math.max(...second.results.map((n) => n.id))).toBeLessThan(Math.min(...ids))

      const third = decodePage((await get(second.next ?? "", coordinator)).body)
      expect(third.results).toHaveLength(20)
      expect(third.next).toBeNull()
      const seen = new Set([...ids, ...second.results.map((n) => n.id), ...third.results.map((n) => n.id)])
      expect(seen.size).toBe(60)
    })

    it("covers every type of the demo's events and every priority, some read, with app-path action URLs", async () => {
      const all = await page("?page_size=100")
      // Account notices are sent when their event happens; the seed claims none (nobody changed a password).
      expect(new Set(all.results.map((n) => n.notification_type))).toEqual(
        new Set(["approval", "company_update", "system", "system_alert", "reminder"]),
      )
      expect(new Set(all.results.map((n) => n.priority))).toEqual(
        new Set(["urgent", "high", "medium", "low"]),
      )
      const read = all.results.filter((n) => n.is_read).length
      expect(read).toBeGreaterThan(0)
      expect(read).toBeLessThan(60)
      for (const n of all.results) expect(n.action_url).toMatch(/^\/[a-z]/)
    })

    it("keeps the filters and page_size in the links", async () => {
      const unreadPage = await page("?is_read=false&page_size=5")
      expect(unreadPage.count).toBe(await unread(coordinator))
      expect(unreadPage.results).toHaveLength(5)
      expect(unreadPage.next).toBe(`${BASE}?is_read=false&page_size=5&page=2`)
      const beyond = await page(`?is_read=false&page_size=5&page=${Math.ceil(unreadPage.count / 5) + 3}`)
      expect(beyond.results).toHaveLength(0)
      expect(beyond.next).toBeNull()
      expect(beyond.previous).toBe(
        `${BASE}?is_read=false&page_size=5&page=${Math.ceil(unreadPage.count / 5)}`,
      )
    })

    it("filters by is_read, type, priority and channel", async () => {
      const all = (await page("?page_size=100")).results
      const readOnes = await page("?is_read=true&page_size=100")
      expect(readOnes.count).toBe(all.filter((n) => n.is_read).length)
      expect(readOnes.results.every((n) => n.is_read)).toBe(true)
      const security = await page("?type=security&page_size=100")
      expect(security.count).toBe(all.filter((n) => n.notification_type === "security").length)
      expect(security.results.every((n) => n.notification_type === "security")).toBe(true)
      const urgent = await page("?priority=urgent&page_size=100")
      expect(urgent.count).toBe(all.filter((n) => n.priority === "urgent").length)
      expect(urgent.results.every((n) => n.priority === "urgent")).toBe(true)
      const both = await page("?priority=high&type=approval&is_read=false&page_size=100")
      expect(both.count).toBe(
        all.filter((n) => n.priority === "high" && n.notification_type === "approval" && !n.is_read).length,
      )
      expect((await page("?channel=in_app")).count).toBe(60)
      expect((await page("?channel=push")).count).toBe(0)
    })

    it("returns what came after since_id, oldest first", async () => {
      const newest = (await page("?page_size=5")).results
      const fifth = newest[4]
      if (!fifth) throw new Error("expected five notifications")
      const after = await page(`?since_id=${fifth.id}`)
      expect(after.results.map((n) => n.id)).toEqual(
        newest
          .slice(0, 4)
          .map((n) => n.id)
          .reverse(),
      )
      expect((await page(`?since_id=${newest[0]?.id}`)).count).toBe(0)
    })

    it("answers 400 naming the parameter for bad filters", async () => {
      const cases: Array<[string, string]> = [
        ["page=0", "page"],
        ["page=abc", "page"],
        ["page=1.5", "page"],
        ["page_size=101", "page_size"],
        ["page_size=0", "page_size"],
        ["is_read=maybe", "is_read"],
        ["type=newsletter", "type"],
        ["priority=critical", "priority"],
        ["channel=sms", "channel"],
        ["since_id=-1", "since_id"],
        ["since_id=x", "since_id"],
        ["page=1&page=2", "page"],
        ["colour=red", "colour"],
      ]
      for (const [query, name] of cases) {
        const { status, body } = await get(`${BASE}?${query}`, coordinator)
        expect(status, query).toBe(400)
        expect(detailOf(body), query).toContain(name)
      }
      const { status } = await get(`${BASE}unread-count/?channel=sms`, coordinator)
      expect(status).toBe(400)
    })

    it("counts unread per channel", async () => {
      const count = await unread(coordinator)
      expect(count).toBe((await page("?is_read=false")).count)
      expect(count).toBeGreaterThan(9)
      const push = await get(`${BASE}unread-count/?channel=push`, coordinator)
      expect(push.body).toEqual({ unread_count: 0, live_position: expect.any(Number) })
    })

    it("shows one notification to its owner only", async () => {
      const mine = (await page("?page_size=1")).results[0]
      if (!mine) throw new Error("expected a notification")
      const own = await get(`${BASE}${mine.id}/`, coordinator)
      expect(own.status).toBe(200)
      expect(Schema.decodeUnknownSync(Notification)(own.body)).toEqual(mine)
      for (const [path, who] of [
        [`${BASE}${mine.id}/`, viewer],
        [`${BASE}999999/`, coordinator],
        [`${BASE}abc/`, coordinator],
        [`${BASE}0/`, coordinator],
        [`${BASE}99999999999/`, coordinator],
      ] as const) {
        const { status, body } = await get(path, who)
        expect(status, path).toBe(404)
        expect(detailOf(body)).toBe("Notification not found.")
      }
    })

    it("marks one read by path, idempotently, and refuses other users' and unknown ids with 404", async () => {
      const target = (await page("?is_read=false&page_size=1")).results[0]
      if (!target) throw new Error("expected an unread notification")
      const before = await unread(coordinator)

      const foreign = await server.call(`${BASE}${target.id}/mark-read/`, {
        method: "POST",
        bearer: viewer.access,
      })
      expect(foreign.status).toBe(404)
      expect(await unread(coordinator)).toBe(before)

      const response = await server.call(`${BASE}${target.id}/mark-read/`, {
        method: "POST",
        bearer: coordinator.access,
      })
      expect(response.status).toBe(200)
      const body = Schema.decodeUnknownSync(MarkReadResponse)(await response.json())
      expect(body).toEqual({ id: target.id, is_read: true, unread_count: before - 1 })
      expect(await unread(coordinator)).toBe(before - 1)
      expect(
        Schema.decodeUnknownSync(Notification)((await get(`${BASE}${target.id}/`, coordinator)).body).is_read,
      ).toBe(true)
      // The page that showed it unread (read just before, so held in memory) no longer does.
      expect((await page("?is_read=false&page_size=1")).results[0]?.id).not.toBe(target.id)

      const again = await server.call(`${BASE}${target.id}/mark-read/`, {
        method: "POST",
        bearer: coordinator.access,
      })
      expect(again.status).toBe(200)
      expect(await unread(coordinator)).toBe(before - 1)

      const unknown = await server.call(`${BASE}987654/mark-read/`, {
        method: "POST",
        bearer: coordinator.access,
      })
      expect(unknown.status).toBe(404)
    })

    it("marks one read by body (the toast's call) and validates the body", async () => {
      const target = (await page("?is_read=false&page_size=1")).results[0]
      if (!target) throw new Error("expected an unread notification")
      const before = await unread(coordinator)
      const ok = await server.call(`${BASE}mark-read/`, {
        json: { notification_id: target.id },
        bearer: coordinator.access,
      })
      expect(ok.status).toBe(200)
      expect(Schema.decodeUnknownSync(MarkReadResponse)(await ok.json()).unread_count).toBe(before - 1)

      const viewerOwn = (await page("?page_size=1", viewer)).results[0]
      if (!viewerOwn) throw new Error("the viewer has demo notifications")
      const foreign = await server.call(`${BASE}mark-read/`, {
        json: { notification_id: viewerOwn.id },
        bearer: coordinator.access,
      })
      expect(foreign.status).toBe(404)

      for (const json of [
        {},
        { notification_id: "7" },
        { notification_id: 0 },
        { notification_id: 1, extra: true },
        [],
      ]) {
        const response = await server.call(`${BASE}mark-read/`, { json, bearer: coordinator.access })
        expect(response.status, JSON.stringify(json)).toBe(400)
        expect(detailOf(await response.json())).toBeTruthy()
      }
      const malformed = await server.call(`${BASE}mark-read/`, {
        body: "{not json",
        contentType: "application/json",
        bearer: coordinator.access,
      })
      expect(malformed.status).toBe(400)
    })

    it("marks all read for the caller only", async () => {
      const adminBefore = await unread(admin)
      const viewerBefore = await unread(viewer)
      expect(viewerBefore).toBeGreaterThan(0)
      // Pages read before the write (and so held in memory) must not outlive it.
      const adminUnread = await page("?is_read=false", admin)
      expect((await page("?is_read=false", viewer)).count).toBe(viewerBefore)
      const response = await server.call(`${BASE}mark-all-read/`, { method: "POST", bearer: viewer.access })
      expect(response.status).toBe(200)
      expect(Schema.decodeUnknownSync(MarkAllReadResponse)(await response.json())).toEqual({
        marked: viewerBefore,
        unread_count: 0,
      })
      expect((await page("?is_read=false", viewer)).count).toBe(0)
      expect(await unread(admin)).toBe(adminBefore)
      // Unchanged, though it may state the newer position of the viewer's change (docs/behaviour.md#catching-up).
      const { live_position: after, ...adminAfter } = await page("?is_read=false", admin)
      const { live_position: held, ...adminHeld } = adminUnread
      expect(adminAfter).toEqual(adminHeld)
      expect(after).toBeGreaterThanOrEqual(held ?? Infinity)
      const again = await server.call(`${BASE}mark-all-read/`, { method: "POST", bearer: viewer.access })
      expect(await again.json()).toEqual({ marked: 0, unread_count: 0 })
    })

    it("refuses every call without a token", async () => {
      const id = await newestId(coordinator)
      for (const [method, path] of [
        ["GET", BASE],
        ["GET", `${BASE}unread-count/`],
        ["GET", `${BASE}${id}/`],
        ["POST", `${BASE}${id}/mark-read/`],
        ["POST", `${BASE}mark-read/`],
        ["POST", `${BASE}mark-all-read/`],
        ["GET", `${BASE}preferences/`],
        ["POST", `${BASE}device-tokens/register/`],
      ] as const) {
        const response = await server.call(path, { method })
        expect(response.status, `${method} ${path}`).toBe(401)
      }
    })
  })
}
