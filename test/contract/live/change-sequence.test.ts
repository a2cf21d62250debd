// How live changes get their positions: a transaction writes its entries as pending and they are sequenced
// once it has committed, so that one transaction's commit never waits for another's, positions still only
// grow in the order pages read them, and entries a dead instance left pending still reach the pages.
import { type Kysely, sql } from "kysely"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../../server/db/schema"
import type { ServerMessage } from "../../../src/schema/live/socket"
import { WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import { openSocket, type TestSocket } from "../notifications-socket-client"

const pgUp = await postgresAvailable()
const WORK = "/api/v1/work-requests/"

/** Positions of the frames that carry one, in the order they came. */
const positions = (received: ReadonlyArray<ServerMessage>): number[] =>
  received.flatMap((m) => ("position" in m && m.type !== "connection_established" ? [m.position ?? -1] : []))

/** A notification row and its pending log entry, written as an instance writes them, without sequencing. */
async function writeUnsequenced(db: Kysely<Database>, userId: number, title: string): Promise<number> {
  const row = await sql<{ id: number }>`
    insert into notification (user_id, channel, notification_type, title, message, priority)
    values (${userId}, 'in_app', 'system_alert', ${title}, 'm', 'high') returning id`.execute(db)
  const id = row.rows[0]?.id
  if (id === undefined) throw new Error("no notification written")
  await sql`select live_append(array['notification'], array[${userId}::integer], array[${String(id)}])`.execute(
    db,
  )
  return id
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`sequencing live changes on ${backend}`, () => {
    let m: MarketplaceServer
    let viewerId = 0
    const sockets: TestSocket[] = []
    beforeAll(async () => {
      m = await startMarketplace(backend)
      const viewer = await m.server.database.db
        .selectFrom("app_user")
        .select("id")
        .where("email", "=", "viewer@example.com")
        .executeTakeFirstOrThrow()
      viewerId = viewer.id
    })
    afterEach(async () => {
      await Promise.all(sockets.splice(0).map((s) => s.close()))
    })
    afterAll(() => m?.close())

    const viewerSocket = async () => {
      const socket = openSocket(m.server.url, { token: m.tokens.viewer, origin: m.server.origin })
      sockets.push(socket)
      await socket.next("connection_established")
      return socket
    }
    const pendingUuids = async (size: number) =>
      (
        await decoded(
          await m.get(`${WORK}?status=pending&page_size=${size}`, m.tokens.viewer),
          WorkRequestPage,
        )
      ).results.map((r) => r.uuid)
    const approve = async (uuid: string) =>
      expect((await m.post(`${WORK}${uuid}/approve/`, m.tokens.coordinator)).status).toBe(200)
    const pendingLeft = async () =>
      Number(
        (
          await m.server.database.db
            .selectFrom("live_pending")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      )

    it("moves entries whose instance died before sequencing them into the log, to the pages, within a sweep", async () => {
      const socket = await viewerSocket()
      const id = await m.server.database.db
        .transaction()
        .execute((tx) => writeUnsequenced(tx, viewerId, "Left pending by a dead instance"))
      const frame = await socket.next("notification", (n) => n.notification.id === id)
      expect(frame.position).toBeGreaterThan(0)
      expect(await pendingLeft()).toBe(0)
    })

    it.skipIf(backend === "pglite")(
      "commits a decision while another transaction's entries wait for its commit, and orders both by commit",
      async () => {
        const socket = await viewerSocket()
        const [uuid] = await pendingUuids(1)
        if (!uuid) throw new Error("no pending work request")
        let release = () => {}
        const released = new Promise<void>((resolve) => {
          release = resolve
        })
        let heldId = 0
        // A second connection's transaction that has written its entries and not yet committed: with the
        // positions taken before the commit, it held the log's lock, and every decision waited for it.
        const held = m.server.database.db.connection().execute(async (connection) => {
          await sql`begin`.execute(connection)
          heldId = await writeUnsequenced(connection, viewerId, "Committed after the decision")
          await released
          await sql`commit`.execute(connection)
        })
        try {
          await approve(uuid)
          const decided = await socket.next("record.changed", (c) => c.uuid === uuid)
          release()
          await held
          const late = await socket.next("notification", (n) => n.notification.id === heldId)
          expect(late.position).toBeGreaterThan(decided.position ?? Infinity)
        } finally {
          release()
          await held.catch(() => undefined)
        }
      },
      30_000,
    )

    it.skipIf(backend === "pglite")(
      "gives each of many decisions committing at once one position, in the order pages receive them",
      async () => {
        const socket = await viewerSocket()
        const uuids = await pendingUuids(12)
        expect(uuids.length).toBeGreaterThanOrEqual(6)
        await Promise.all(uuids.map(approve))
        for (const uuid of uuids) await socket.next("record.changed", (c) => c.uuid === uuid)
        await socket.settle()
        const seen = positions(socket.received)
        expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b))
        expect(seen.length).toBe(uuids.length)
        expect(await pendingLeft()).toBe(0)
      },
    )
  })
}
