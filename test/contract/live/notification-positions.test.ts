// The notification answers say the live position they reflect, as record answers do: the inbox, the archive
// and the unread count. A socket resuming from the inbox's position replays the reads and archives made after
// its load (made in another browser before the socket opened), each once and in order. On PGlite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { ServerMessage } from "../../../src/schema/live/socket"
import { NotificationPage, UnreadCount } from "../../../src/schema/notifications/notifications"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import { openSocket, type TestSocket } from "../notifications-socket-client"

const pgUp = await postgresAvailable()
const NOTIFICATIONS = "/api/v1/notifications/"

const positions = (received: ReadonlyArray<ServerMessage>): number[] =>
  received.flatMap((m) => ("position" in m && m.type !== "connection_established" ? [m.position ?? -1] : []))

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(
    `notification answers' live positions on ${backend}`,
    () => {
      let m: MarketplaceServer
      const sockets: TestSocket[] = []
      beforeAll(async () => {
        m = await startMarketplace(backend)
      })
      afterEach(async () => {
        await Promise.all(sockets.splice(0).map((s) => s.close()))
      })
      afterAll(() => m?.close())

      const inbox = async (query = "") =>
        decoded(await m.get(`${NOTIFICATIONS}?page_size=5${query}`, m.tokens.admin), NotificationPage)
      const count = async () =>
        decoded(await m.get(`${NOTIFICATIONS}unread-count/`, m.tokens.admin), UnreadCount)
      const unreadIds = async () => (await inbox("&is_read=false")).results.map((n) => n.id)
      const post = async (path: string) => expect((await m.post(path, m.tokens.admin)).status).toBe(200)

      it("says in the inbox, the archive and the unread count the position it reflects, which a read moves on", async () => {
        const [page, archive, unread] = [await inbox(), await inbox("&archived=true"), await count()]
        for (const answer of [page, archive, unread]) expect(answer.live_position).toBeTypeOf("number")
        // The same page again comes from memory, with the position read before its data: nothing moved since.
        const again = await inbox()
        expect(again.live_position).toBe(page.live_position)
        const [id] = await unreadIds()
        if (id === undefined) throw new Error("the admin has unread demo notifications")
        await post(`${NOTIFICATIONS}${id}/mark-read/`)
        expect((await inbox()).live_position).toBeGreaterThan(page.live_position ?? Infinity)
        expect((await count()).live_position).toBeGreaterThan(unread.live_position ?? Infinity)
      })

      it("states, from memory, the newer position of another user's change, which the page reflects too", async () => {
        const page = await inbox()
        const theirs = await decoded(
          await m.get(`${NOTIFICATIONS}?page_size=1&is_read=false`, m.tokens.coordinator),
          NotificationPage,
        )
        const [id] = theirs.results.map((n) => n.id)
        if (id === undefined) throw new Error("the coordinator has an unread demo notification")
        expect((await m.post(`${NOTIFICATIONS}${id}/mark-read/`, m.tokens.coordinator)).status).toBe(200)
        const moved = await decoded(
          await m.get(`${NOTIFICATIONS}unread-count/`, m.tokens.coordinator),
          UnreadCount,
        )
        expect(moved.live_position).toBeGreaterThan(page.live_position ?? Infinity)
        // Heard through NOTIFY, so a moment later: a socket opened from the coordinator's position then finds
        // this page current instead of older than its stream.
        await expect.poll(async () => (await inbox()).live_position).toBe(moved.live_position)
        const { live_position: _, ...rest } = await inbox()
        const { live_position: __, ...before } = page
        expect(rest).toEqual(before)
      })

      it("replays a read and an archive made between the inbox's load and the socket's opening, each once", async () => {
        const page = await inbox()
        const [read, archived] = await unreadIds()
        if (read === undefined || archived === undefined) throw new Error("two unread demo notifications")
        await post(`${NOTIFICATIONS}${read}/mark-read/`)
        await post(`${NOTIFICATIONS}${archived}/archive/`)
        const left = (await count()).unread_count

        const socket = openSocket(m.server.url, {
          token: m.tokens.admin,
          origin: m.server.origin,
          since: String(page.live_position),
        })
        sockets.push(socket)
        const hello = await socket.next("connection_established")
        expect(hello).toMatchObject({ position: page.live_position })
        expect(hello.reload).toBeUndefined()
        const readFrame = await socket.next("notification.read", (f) => f.notification_id === read)
        expect(readFrame.position).toBeGreaterThan(page.live_position ?? Infinity)
        const archivedFrame = await socket.next(
          "notification.changed",
          (f) => f.notification_id === archived && f.change === "archived",
        )
        expect(archivedFrame.position).toBeGreaterThan(readFrame.position ?? Infinity)
        await socket.settle()
        const counts = socket.received.filter((f) => f.type === "unread_count")
        expect(counts.at(-1)).toMatchObject({ unread_count: left })
        const seen = positions(socket.received)
        expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b))
      })
    },
  )
}
