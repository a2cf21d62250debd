// What an instance reads for each change it sends: every instance pays this for every change, besides the
// instance that made it (test/contract/marketplace/decision-statements.test.ts). A NOTIFY naming a position the
// instance has already read costs no read at all, and a record's frame is its entry with the record's id, then
// the record as the list shows it (its row, chosen providers and candidates in one statement). On PGlite and
// PostgreSQL.
import { sql } from "kysely"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { WorkRequest } from "../../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import { openSocket, type TestSocket } from "../notifications-socket-client"
import { statementRecorder } from "../statement-recorder"

const pgUp = await postgresAvailable()

/**
 * The statements a change's frame may cost an instance holding a socket: the log's read, then the entry with
 * the record as the list shows it, one statement for a request; an application's is looked for after a request's.
 */
const FRAME_STATEMENT_CEILINGS = { work: 2, application: 3 } as const
const DECIDE = { work: "work-requests/{}/approve/", application: "company-applications/{}/accept/" } as const

// A timer's statement is no change's (presence's sweep, the change log's sweep); the test's own NOTIFY neither.
const NOT_COUNTED = /"record_viewer"|live_sequence\(\) as swept|pg_notify\('live_changes'/

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(
    `what an instance reads for a change on ${backend}`,
    () => {
      let m: MarketplaceServer
      const sockets: TestSocket[] = []
      const recorder = statementRecorder(NOT_COUNTED)
      beforeAll(async () => {
        m = await startMarketplace(backend, { onStatement: recorder.onStatement })
      })
      afterEach(async () => {
        await Promise.all(sockets.splice(0).map((s) => s.close()))
      })
      afterAll(() => m?.close())

      /** The statements sent from the step until all it woke has run. */
      const counted = async (step: () => Promise<unknown>) => (await recorder.counted(step)).sent

      /** A support user's socket (no recipient of a decision's notice): it hears record changes only. */
      const readySocket = async () => {
        const socket = openSocket(m.server.url, { token: m.tokens.viewer, origin: m.server.origin })
        sockets.push(socket)
        await socket.next("connection_established")
        await socket.settle()
        return socket
      }

      it("reads nothing for a NOTIFY of a position it has already read", async () => {
        const socket = await readySocket()
        const request = await decoded(
          await m.post("/api/v1/intake/work-requests/", m.tokens.admin, {
            title: "Read once",
            description: "Counted.",
            customer_name: "Rita Read",
            address: "4 Count Road, Leeds",
            area: "Leeds",
            service_category: "glazing",
            urgency: "normal",
          }),
          WorkRequest,
          201,
        )
        const changed = await socket.next("record.changed", (c) => c.uuid === request.uuid)
        const again = await counted(() =>
          sql`select pg_notify('live_changes', ${String(changed.position)})`.execute(m.server.database.db),
        )
        expect(again, again.join("\n")).toEqual([])
      })

      for (const kind of ["work", "application"] as const)
        it(`builds ${kind === "work" ? "a work request" : "an application"}'s frame in no more statements than its ceiling`, async () => {
          const socket = await readySocket()
          const list = `/api/v1/${DECIDE[kind].split("/")[0]}/?status=pending&page_size=1`
          const pending = await m.get(list, m.tokens.viewer)
          const uuid = ((await pending.json()) as { results: Array<{ uuid: string }> }).results[0]?.uuid ?? ""
          let response: Response | undefined
          const sent = await counted(async () => {
            response = await m.post(`/api/v1/${DECIDE[kind].replace("{}", uuid)}`, m.tokens.coordinator)
            await socket.next("record.changed", (c) => c.uuid === uuid)
          })
          expect(response?.status).toBe(200)
          // The decision's own statements, counted in decision-statements.test.ts, come before the commit's round.
          const afterRound = sent.slice(sent.findIndex((s) => s.includes("live_sequence()")) + 1)
          expect(afterRound.length, afterRound.join("\n")).toBeLessThanOrEqual(FRAME_STATEMENT_CEILINGS[kind])
        })
    },
  )
}
