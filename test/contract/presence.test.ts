// Presence over the socket: `presence.view` and `presence.leave`, the `presence` lists each viewing socket
// receives (each person once, never themselves), a closed socket leaving, bad frames, and the rows of an
// instance that died expiring. Two instances on PostgreSQL: a view and a claim made through one reach a
// socket on the other.
import { Schema } from "effect"
import { sql } from "kysely"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { WorkRequestPage } from "../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "./harness"
import { decoded, type MarketplaceServer, startMarketplace } from "./marketplace-fixture"
import { openSocket, type TestSocket } from "./notifications-socket-client"
import { type Instance, loginOn as login, pgInstances } from "./pg-instances"

const pgUp = await postgresAvailable()
const WORK = "/api/v1/work-requests/"
/** Short, so that a dead instance's viewers expire within the test (three refreshes). */
const REFRESH_MS = 150

const names = (frame: { viewers: ReadonlyArray<{ full_name: string }> }) =>
  frame.viewers.map((v) => v.full_name)

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`presence on ${backend}`, () => {
    let m: MarketplaceServer
    let uuids: string[] = []
    const sockets: TestSocket[] = []
    const previousRefresh = process.env.PRESENCE_REFRESH_MS
    beforeAll(async () => {
      process.env.PRESENCE_REFRESH_MS = String(REFRESH_MS)
      m = await startMarketplace(backend)
      const page = await decoded(
        await m.get(`${WORK}?status=pending&page_size=10`, m.tokens.viewer),
        WorkRequestPage,
      )
      uuids = page.results.map((r) => r.uuid)
    })
    afterEach(async () => {
      await Promise.all(sockets.splice(0).map((s) => s.close()))
    })
    afterAll(async () => {
      if (previousRefresh === undefined) delete process.env.PRESENCE_REFRESH_MS
      else process.env.PRESENCE_REFRESH_MS = previousRefresh
      await m?.close()
    })
    const connect = async (token: string) => {
      const socket = openSocket(m.server.url, { token })
      sockets.push(socket)
      await socket.next("connection_established")
      return socket
    }
    const uuidAt = (i: number) => {
      const uuid = uuids[i]
      if (!uuid) throw new Error("not enough pending work requests")
      return uuid
    }

    it("tells each viewer who else is there, each person once, and when they leave or close", async () => {
      const uuid = uuidAt(0)
      const a = await connect(m.tokens.coordinator)
      const b = await connect(m.tokens.coordinator2)
      const b2 = await connect(m.tokens.coordinator2)
      a.send({ type: "presence.view", kind: "work", uuid })
      expect(await a.next("presence", (f) => f.uuid === uuid)).toEqual({
        type: "presence",
        kind: "work",
        uuid,
        viewers: [],
      })
      b.send({ type: "presence.view", kind: "work", uuid })
      expect(names(await a.next("presence", (f) => f.viewers.length === 1))).toEqual(["Cora Second"])
      expect(names(await b.next("presence", (f) => f.uuid === uuid))).toEqual(["Corey Coordinator"])
      // Cora's second tab on the same record: still one Cora for Corey; Cora never sees herself.
      b2.send({ type: "presence.view", kind: "work", uuid })
      expect(names(await b2.next("presence"))).toEqual(["Corey Coordinator"])
      expect(names(await a.next("presence"))).toEqual(["Cora Second"])
      b.send({ type: "presence.leave" })
      expect(names(await a.next("presence"))).toEqual(["Cora Second"])
      await b2.close()
      expect(names(await a.next("presence"))).toEqual([])
    })

    it("a socket views one record at a time: viewing another leaves the first", async () => {
      const [first, second] = [uuidAt(1), uuidAt(2)]
      const a = await connect(m.tokens.coordinator)
      const b = await connect(m.tokens.admin)
      a.send({ type: "presence.view", kind: "work", uuid: first })
      await a.next("presence")
      b.send({ type: "presence.view", kind: "work", uuid: first })
      expect(names(await a.next("presence", (f) => f.viewers.length === 1))).toEqual(["Ada Admin"])
      b.send({ type: "presence.view", kind: "work", uuid: second })
      expect(names(await a.next("presence", (f) => f.uuid === first))).toEqual([])
      const onSecond = await b.next("presence", (f) => f.uuid === second)
      expect(onSecond.viewers).toEqual([])
    })

    it("a socket shared by tabs has a view per tab: each shows its record, leaves by name, all go on close", async () => {
      const [first, second] = [uuidAt(4), uuidAt(5)]
      const shared = await connect(m.tokens.coordinator)
      const a = await connect(m.tokens.admin)
      const b = await connect(m.tokens.admin)
      a.send({ type: "presence.view", kind: "work", uuid: first })
      await a.next("presence", (f) => f.uuid === first)
      b.send({ type: "presence.view", kind: "work", uuid: second })
      await b.next("presence", (f) => f.uuid === second)
      // The tab holding the socket views the first record; another tab, through it, the second.
      shared.send({ type: "presence.view", kind: "work", uuid: first })
      shared.send({ type: "presence.view", kind: "work", uuid: second, view: "tab-2" })
      expect(names(await a.next("presence", (f) => f.viewers.length === 1))).toEqual(["Corey Coordinator"])
      expect(names(await b.next("presence", (f) => f.viewers.length === 1))).toEqual(["Corey Coordinator"])
      // The socket hears about both records.
      await shared.next("presence", (f) => f.uuid === second)
      shared.send({ type: "presence.leave", view: "tab-2" })
      expect(names(await b.next("presence"))).toEqual([])
      shared.send({ type: "presence.view", kind: "work", uuid: second, view: "tab-3" })
      expect(names(await b.next("presence"))).toEqual(["Corey Coordinator"])
      await shared.close()
      expect(names(await a.next("presence"))).toEqual([])
      expect(names(await b.next("presence"))).toEqual([])
    })

    it("refuses bad presence frames with an error and keeps the socket open", async () => {
      const a = await connect(m.tokens.viewer)
      a.send({ type: "presence.view", kind: "work", uuid: "not-a-uuid" })
      expect((await a.next("error")).detail).toMatch(/^uuid: /)
      a.send({ type: "presence.view", kind: "invoice", uuid: uuidAt(0) })
      expect((await a.next("error")).detail).toMatch(/^kind: /)
      a.send({ type: "presence.leave", uuid: uuidAt(0) })
      expect((await a.next("error")).detail).toMatch(/uuid/)
      // Leaving without viewing is nothing to answer.
      a.send({ type: "presence.leave" })
      await a.settle()
      expect(a.pending()).toEqual([])
    })

    it("sweeps the viewers of an instance that stopped refreshing them", async () => {
      const uuid = uuidAt(3)
      const a = await connect(m.tokens.coordinator)
      const admin = await m.server.database.db
        .selectFrom("app_user")
        .select("id")
        .where("email", "=", "admin@example.com")
        .executeTakeFirstOrThrow()
      // A row of an instance that died: never refreshed, never deleted by its owner.
      await m.server.database.db
        .insertInto("record_viewer")
        .values({
          instance_id: "dead-instance",
          socket_id: "s1",
          user_id: admin.id,
          user_name: "Ada Admin",
          record_kind: "work",
          record_uuid: uuid,
        })
        .execute()
      a.send({ type: "presence.view", kind: "work", uuid })
      expect(names(await a.next("presence", (f) => f.uuid === uuid))).toEqual(["Ada Admin"])
      expect(names(await a.next("presence", (f) => f.uuid === uuid, REFRESH_MS * 20))).toEqual([])
      const left = await sql<{
        n: number
      }>`select count(*)::int as n from record_viewer where instance_id = 'dead-instance'`.execute(
        m.server.database.db,
      )
      expect(left.rows[0]?.n).toBe(0)
    })
  })
}

// ─── Two instances on one PostgreSQL ───────────────────────────────────────────────────────────────────

describe.skipIf(!pgUp)("presence and claims across two instances on PostgreSQL", () => {
  const instances = pgInstances("backoffice_presence")
  const sockets: TestSocket[] = []
  const connect = async (on: Instance, access: string) => {
    const socket = openSocket(on.url, { token: access })
    sockets.push(socket)
    await socket.next("connection_established")
    return socket
  }
  const pendingWork = async (on: Instance, access: string) => {
    const response = await fetch(`${on.url}${WORK}?status=pending&page_size=5`, {
      headers: { authorization: `Bearer ${access}` },
    })
    return Schema.decodeUnknownSync(WorkRequestPage)(await response.json()).results.map((r) => r.uuid)
  }

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()))
  })
  it("a view through B reaches a viewer on A, and B's close takes it away", async () => {
    const [a, b] = instances.pair()
    const onA = await login(a, "coordinator@example.com", "coordinator-demo-1")
    const onB = await login(b, "admin@example.com", "admin-demo-1")
    const [uuid] = await pendingWork(a, onA)
    if (!uuid) throw new Error("no pending work request")
    const viewerA = await connect(a, onA)
    const viewerB = await connect(b, onB)
    viewerA.send({ type: "presence.view", kind: "work", uuid })
    await viewerA.next("presence")
    viewerB.send({ type: "presence.view", kind: "work", uuid })
    expect(names(await viewerA.next("presence", (f) => f.viewers.length === 1))).toEqual(["Ada Admin"])
    expect(names(await viewerB.next("presence"))).toEqual(["Corey Coordinator"])
    await viewerB.close()
    expect(names(await viewerA.next("presence"))).toEqual([])
  })

  it("a claim made through A reaches a socket on B", async () => {
    const [a, b] = instances.pair()
    const onA = await login(a, "coordinator@example.com", "coordinator-demo-1")
    const onB = await login(b, "viewer@example.com", "viewer-demo-1")
    const [, uuid] = await pendingWork(a, onA)
    if (!uuid) throw new Error("no pending work request")
    const watcher = await connect(b, onB)
    const response = await fetch(`${a.url}${WORK}${uuid}/assign/`, {
      method: "POST",
      headers: { authorization: `Bearer ${onA}` },
    })
    expect(response.status).toBe(200)
    const heard = await watcher.next("record.changed", (f) => f.uuid === uuid && f.change === "assigned")
    expect(heard.record.assignee?.full_name).toBe("Corey Coordinator")
  })

  it("an instance that shuts down takes its viewers with it", async () => {
    const [a] = instances.pair()
    const c = await instances.start()
    try {
      const onA = await login(a, "coordinator@example.com", "coordinator-demo-1")
      const onC = await login(c, "admin@example.com", "admin-demo-1")
      const [, , uuid] = await pendingWork(a, onA)
      if (!uuid) throw new Error("no pending work request")
      const viewerA = await connect(a, onA)
      const viewerC = await connect(c, onC)
      viewerA.send({ type: "presence.view", kind: "work", uuid })
      await viewerA.next("presence")
      viewerC.send({ type: "presence.view", kind: "work", uuid })
      expect(names(await viewerA.next("presence", (f) => f.viewers.length === 1))).toEqual(["Ada Admin"])
      await c.app.close()
      expect(names(await viewerA.next("presence", (f) => f.viewers.length === 0))).toEqual([])
    } finally {
      await c.app.close()
      await c.database.close()
    }
  })
})
