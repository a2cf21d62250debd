// The daily rollup /reports reads (server/reports/migration.ts) against the records themselves: after the
// seed, a decision through the API, bulk inserts, bulk decisions, a moved submission, a reopened decision
// and deletions, every (day, kind) of it equals what counting the records gives.
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../../server/db/schema"
import { ROLLUP_SHARD } from "../../../server/reports/statement-trigger"
import { BACKENDS, postgresAvailable } from "../harness"
import { type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()

type DayCount = { day: string; kind: string; received: number; decided: number }
type DayRow = { day: string; kind: string; received: string | number; decided: string | number }

/** Two pooled connections whose sessions add to different rollup shards (ROLLUP_SHARD). */
const twoShards = <T>(
  db: Kysely<Database>,
  use: (a: Kysely<Database>, b: Kysely<Database>) => Promise<T>,
  first?: { conn: Kysely<Database>; shard: number },
): Promise<T> =>
  db.connection().execute(async (conn) => {
    const { rows } = await sql<{ shard: number }>`select ${sql.raw(ROLLUP_SHARD)} as shard`.execute(conn)
    const shard = Number(rows[0]?.shard)
    if (first && first.shard !== shard) return use(first.conn, conn)
    return twoShards(db, use, first ?? { conn, shard })
  })

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`the report rollup on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const rows = (r: { rows: ReadonlyArray<DayRow> }): DayCount[] =>
      r.rows.map((x) => ({
        day: String(x.day),
        kind: String(x.kind),
        received: Number(x.received),
        decided: Number(x.decided),
      }))

    const rollup = async () =>
      rows(
        await sql<DayRow>`select to_char(day, 'YYYY-MM-DD') as day, kind, sum(received) as received,
            sum(decided) as decided from report_day
          group by day, kind having sum(received) <> 0 or sum(decided) <> 0 order by day, kind`.execute(
          m.server.database.db,
        ),
      )

    const counted = async () =>
      rows(
        await sql<DayRow>`select to_char(day, 'YYYY-MM-DD') as day, kind, sum(received) as received,
            sum(decided) as decided from (
            select (submitted_at at time zone 'UTC')::date as day, kind, 1 as received, 0 as decided
              from service_request
            union all
            select (decided_at at time zone 'UTC')::date, kind, 0, 1 from service_request
              where decided_at is not null
            union all
            select (submitted_at at time zone 'UTC')::date, 'application', 1, 0 from company_application
            union all
            select (decided_at at time zone 'UTC')::date, 'application', 0, 1 from company_application
              where decided_at is not null
          ) as e group by day, kind order by day, kind`.execute(m.server.database.db),
      )

    const expectRollupMatches = async () => {
      const expected = await counted()
      expect(expected.length).toBeGreaterThan(0)
      expect(await rollup()).toEqual(expected)
    }

    /** The uuids of `count` pending work requests of the seed. */
    const pendingWork = async (count: number) => {
      const rows = await m.server.database.db
        .selectFrom("service_request")
        .select("uuid")
        .where("kind", "=", "work")
        .where("status", "=", "pending")
        .limit(count)
        .execute()
      if (rows.length < count) throw new Error(`the seed has ${count} pending work requests`)
      return rows.map((r) => r.uuid)
    }

    it("equals the records' own counts after the seed", expectRollupMatches)

    it("follows a decision made through the API", async () => {
      const [pending] = await pendingWork(1)
      const before = await rollup()
      const response = await m.post(`/api/v1/work-requests/${pending}/approve/`, m.tokens.coordinator)
      expect(response.status).toBe(200)
      const after = await rollup()
      const decided = (xs: DayCount[]) => xs.reduce((n, x) => n + x.decided, 0)
      expect(decided(after)).toBe(decided(before) + 1)
      await expectRollupMatches()
    })

    it.skipIf(backend === "pglite")("commits a decision while another is still open", async () => {
      const db = m.server.database.db
      const [one, two] = await pendingWork(2)
      if (!one || !two) throw new Error("two pending work requests")
      const decide = (conn: Kysely<Database>, uuid: string) =>
        sql`update service_request set status = 'rejected', decided_at = now(), decided_by_name = 'Rollup Person'
          where uuid = ${uuid}`.execute(conn)
      await twoShards(db, async (a, b) => {
        await sql`begin`.execute(a)
        await decide(a, one)
        // Both decisions add to today's work count: with one row per key the second waits for the first's
        // commit, and here gives up after the lock timeout.
        await sql`begin`.execute(b)
        await sql`set local lock_timeout = '10s'`.execute(b)
        await decide(b, two)
        await sql`commit`.execute(b)
        await sql`commit`.execute(a)
      })
      await expectRollupMatches()
    })

    it("follows bulk inserts, bulk decisions, moved and reopened records, and deletions", async () => {
      const db = m.server.database.db
      await sql`insert into service_request (kind, title, description, customer_name, location, area,
          service_category, urgency, urgency_rank, submitted_at, status, decided_at, decided_by_name, search_text)
        select case when n % 2 = 0 then 'work' else 'maintenance' end, 'Rollup ' || n, 'A description.',
          'Customer', 'High Street', 'Leeds', 'plumbing', 'normal', 1, now() - (n || ' hours')::interval,
          case when n % 3 = 0 then 'approved' else 'pending' end,
          case when n % 3 = 0 then now() - (n || ' minutes')::interval end,
          case when n % 3 = 0 then 'Rollup Person' end, 'rollup ' || n
        from generate_series(1, 200) as n`.execute(db)
      await expectRollupMatches()
      // A bulk decision, then a decision moved to another day and another reopened.
      await sql`update service_request set status = 'rejected', decided_at = now() - interval '2 days',
          decided_by_name = 'Rollup Person' where title like 'Rollup %' and status = 'pending'
          and submitted_at < now() - interval '50 hours'`.execute(db)
      await expectRollupMatches()
      await sql`update service_request set decided_at = decided_at - interval '3 days'
        where title in ('Rollup 3', 'Rollup 6')`.execute(db)
      await sql`update service_request set status = 'pending', decided_at = null, decided_by_name = null
        where title = 'Rollup 9'`.execute(db)
      // A submission moved, and a kind changed.
      await sql`update service_request set submitted_at = submitted_at - interval '10 days'
        where title = 'Rollup 12'`.execute(db)
      await sql`update service_request set kind = 'maintenance' where title = 'Rollup 14'`.execute(db)
      // An update that touches neither date leaves the rollup alone.
      await sql`update service_request set title = title || ' (renamed)' where title like 'Rollup 2%'`.execute(
        db,
      )
      await expectRollupMatches()
      await sql`update company_application set decided_at = now(), status = 'accepted'
        where id = (select min(id) from company_application where status = 'pending')`.execute(db)
      await expectRollupMatches()
      await sql`delete from service_request where title like 'Rollup %'`.execute(db)
      await expectRollupMatches()
    })
  })
}
