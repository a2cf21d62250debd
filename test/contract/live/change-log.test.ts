// The live change log as a page meets it: answers say the position they reflect, a socket opened from a
// position replays what came after it before live frames (each once, in order), and a position the log cannot
// resume from (from the future, malformed, pruned) is answered with "reload". On PGlite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { pruneLiveChanges } from "../../../server/live/change-log"
import { DashboardSummary } from "../../../src/schema/dashboard/dashboard"
import type { ServerMessage } from "../../../src/schema/live/socket"
import { WorkRequestDetail } from "../../../src/schema/marketplace/marketplace"
import { WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import { openSocket, type SocketOptions, type TestSocket } from "../notifications-socket-client"

const pgUp = await postgresAvailable()
const WORK = "/api/v1/work-requests/"

/** Positions of the frames that carry one, in the order they came. */
const positions = (received: ReadonlyArray<ServerMessage>): number[] =>
  received.flatMap((m) => ("position" in m && m.type !== "connection_established" ? [m.position ?? -1] : []))

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`the live change log on ${backend}`, () => {
    let m: MarketplaceServer
    const sockets: TestSocket[] = []
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterEach(async () => {
      await Promise.all(sockets.splice(0).map((s) => s.close()))
    })
    afterAll(() => m?.close())

    const open = (token: string, options: SocketOptions = {}) => {
      const socket = openSocket(m.server.url, { token, origin: m.server.origin, ...options })
      sockets.push(socket)
      return socket
    }
    const pendingPage = async () =>
      decoded(await m.get(`${WORK}?status=pending&page_size=5`, m.tokens.viewer), WorkRequestPage)
    const approve = async (uuid: string) =>
      expect((await m.post(`${WORK}${uuid}/approve/`, m.tokens.coordinator)).status).toBe(200)
    const pendingUuid = async () => {
      const row = (await pendingPage()).results[0]
      if (!row) throw new Error("no pending work request left")
      return row.uuid
    }

    it("says in every list, detail and summary answer the position it reflects, which a change moves on", async () => {
      const page = await pendingPage()
      const uuid = page.results[0]?.uuid ?? ""
      const detail = await decoded(await m.get(`${WORK}${uuid}/`, m.tokens.viewer), WorkRequestDetail)
      const summary = await decoded(
        await m.get("/api/v1/dashboard/summary/", m.tokens.viewer),
        DashboardSummary,
      )
      for (const answer of [page, detail, summary]) expect(answer.live_position).toBeTypeOf("number")
      await approve(uuid)
      expect((await pendingPage()).live_position).toBeGreaterThan(page.live_position ?? Infinity)
    })

    it("replays a change made between a list's fetch and the socket's opening, then goes live, each once", async () => {
      const page = await pendingPage()
      const [early, late] = page.results
      if (!early || !late) throw new Error("expected two pending work requests")
      await approve(early.uuid)

      const socket = open(m.tokens.viewer, { since: String(page.live_position) })
      const hello = await socket.next("connection_established")
      expect(hello.position).toBe(page.live_position)
      expect(hello.reload).toBeUndefined()
      const replayed = await socket.next("record.changed", (c) => c.uuid === early.uuid)
      expect(replayed).toMatchObject({ change: "approved", status: "approved" })
      expect(replayed.position).toBeGreaterThan(page.live_position ?? Infinity)

      await approve(late.uuid)
      await socket.next("record.changed", (c) => c.uuid === late.uuid)
      await socket.settle()
      const seen = positions(socket.received)
      expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b))
      expect(
        socket.received.filter((f) => f.type === "record.changed" && f.uuid === early.uuid),
      ).toHaveLength(1)
      // connection_established came first, before anything replayed.
      expect(socket.received[0]?.type).toBe("connection_established")
    })

    it("resumes a reconnection after the last frame it applied: what came meanwhile, nothing again", async () => {
      const first = open(m.tokens.coordinator2)
      await first.next("connection_established")
      const before = await pendingUuid()
      await approve(before)
      const applied = await first.next("record.changed", (c) => c.uuid === before)
      await first.close()

      const whileAway = [await pendingUuid()]
      await approve(whileAway[0] ?? "")
      whileAway.push(await pendingUuid())
      await approve(whileAway[1] ?? "")
      const again = open(m.tokens.coordinator2, { since: String(applied.position) })
      expect((await again.next("connection_established")).position).toBe(applied.position)
      for (const uuid of whileAway) await again.next("record.changed", (c) => c.uuid === uuid)
      await again.settle()
      expect(again.received.some((f) => f.type === "record.changed" && f.uuid === before)).toBe(false)
      const seen = positions(again.received)
      expect(seen.every((p) => p > (applied.position ?? Infinity))).toBe(true)
      expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b))
    })

    it("replays a user's own notification changes to that user only", async () => {
      const page = await pendingPage()
      const since = String(page.live_position)
      const unread = (await (
        await m.get("/api/v1/notifications/?is_read=false&page_size=1", m.tokens.admin)
      ).json()) as { results: Array<{ id: number }> }
      const id = unread.results[0]?.id
      if (id === undefined) throw new Error("the admin has unread demo notifications")
      expect((await m.post(`/api/v1/notifications/${id}/mark-read/`, m.tokens.admin)).status).toBe(200)
      const admin = open(m.tokens.admin, { since })
      const viewer = open(m.tokens.viewer, { since })
      await viewer.next("connection_established")
      const read = await admin.next("notification.read", (r) => r.notification_id === id)
      expect(read.position).toBeGreaterThan(page.live_position ?? Infinity)
      await admin.next("unread_count")
      await viewer.settle()
      expect(viewer.received.some((f) => f.type === "notification.read")).toBe(false)
    })

    it.each([
      ["from the future", (head: number) => String(head + 1000)],
      ["malformed", () => "12abc"],
      ["negative", () => "-1"],
      ["empty", () => ""],
      ["too long", () => "9".repeat(40)],
    ])("answers a position %s with reload, then streams live from the newest", async (_what, claim) => {
      const head = (await pendingPage()).live_position ?? 0
      const socket = open(m.tokens.viewer, { since: claim(head) })
      const hello = await socket.next("connection_established")
      expect(hello.reload).toBe(true)
      expect(hello.position).toBe(head)
      const uuid = await pendingUuid()
      await approve(uuid)
      expect((await socket.next("record.changed", (c) => c.uuid === uuid)).position).toBeGreaterThan(head)
    })

    it("answers a position the log no longer holds with reload, and a current one without", async () => {
      const old = (await pendingPage()).live_position ?? 0
      await approve(await pendingUuid())
      await approve(await pendingUuid())
      // Everything older than an hour from now: all but the newest entry, which keeps the head resumable.
      expect(await pruneLiveChanges(m.server.database.db, new Date(Date.now() + 3_600_000))).toBeGreaterThan(
        0,
      )
      const head = (await pendingPage()).live_position ?? 0
      const pruned = open(m.tokens.viewer, { since: String(old) })
      expect(await pruned.next("connection_established")).toMatchObject({ reload: true, position: head })
      const current = open(m.tokens.viewer, { since: String(head) })
      const hello = await current.next("connection_established")
      expect(hello.reload).toBeUndefined()
      expect(hello.position).toBe(head)
    })
  })
}
