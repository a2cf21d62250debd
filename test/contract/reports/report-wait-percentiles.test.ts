// The waits /reports shows (server/reports/wait-percentiles.ts: histograms, then the one bucket that holds each
// rank) against percentile_cont over the raw decisions: equal to the last bit, over the seed, an empty period,
// one decision, decisions all in one bucket, many buckets with a partial first day, and after decisions are
// reopened, moved, renamed, re-kinded and deleted (the triggers must follow). The histograms themselves are
// held equal to counting the decisions.
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DatabaseHandle } from "../../../server/db/database"
import { decisionsByPerson, timingByKind } from "../../../server/reports/queries"
import { BACKENDS, openTestDatabase, postgresAvailable } from "../harness"

const pgUp = await postgresAvailable()
const DAY = 86_400_000
const TARGETS = [72 * 3600, 12]
const base = Date.now()
/** Windows far from the seed and from each other, each one later than everything inserted before it. */
const EMPTY = new Date(base + 1000 * DAY)
const ONE = new Date(base + 2000 * DAY)
const SAME_BUCKET = new Date(base + 3000 * DAY)
const SPREAD = new Date(base + 4000 * DAY)

const num = (v: string | number | null): number | null => (v === null ? null : Number(v))

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`report wait percentiles on ${backend}`, () => {
    let handle: { database: DatabaseHandle; drop: () => Promise<void> }
    beforeAll(async () => {
      handle = await openTestDatabase(backend)
    })
    afterAll(async () => {
      await handle?.database.close()
      await handle?.drop()
    })
    const db = () => handle.database.db

    const raw = sql`(
      select kind, decided_by_name, decided_at, decision_seconds, wait_bucket from service_request
      union all
      select 'application', decided_by_name, decided_at, decision_seconds, wait_bucket from company_application
    ) as d`

    const directTiming = async (now: Date, days: number, target: number) => {
      const from = new Date(now.getTime() - days * DAY).toISOString()
      const { rows } = await sql<Record<string, string | number | null>>`
        select kind, count(*) as decided,
          percentile_cont(0.5) within group (order by decision_seconds) as median,
          percentile_cont(0.9) within group (order by decision_seconds) as p90,
          count(*) filter (where decision_seconds <= ${target}) as within
        from ${raw} where decided_at >= ${from}::timestamptz group by kind order by kind`.execute(db())
      return rows.map((r) => ({
        kind: r.kind,
        decided: Number(r.decided),
        median_seconds: num(r.median ?? null),
        p90_seconds: num(r.p90 ?? null),
        within_target: Number(r.within),
      }))
    }

    const directPeople = async (now: Date, days: number) => {
      const from = new Date(now.getTime() - days * DAY).toISOString()
      const { rows } = await sql<Record<string, string | number | null>>`
        select decided_by_name as name, count(*) as decisions,
          percentile_cont(0.5) within group (order by decision_seconds) as median
        from ${raw} where decided_at >= ${from}::timestamptz and decided_by_name is not null
        group by decided_by_name order by decisions desc, name`.execute(db())
      return rows.map((r) => ({
        name: r.name,
        decisions: Number(r.decisions),
        median_seconds: num(r.median ?? null),
      }))
    }

    const histogram = async (table: "report_wait_kind" | "report_wait_person", key: "kind" | "person") => {
      const { rows } = await sql`select to_char(day, 'YYYY-MM-DD') as day, ${sql.raw(key)} as key, bucket,
          sum(decided)::int as decided from ${sql.raw(table)} group by day, key, bucket having sum(decided) <> 0
          order by day, key, bucket`.execute(db())
      return rows
    }
    const counted = async (key: "kind" | "decided_by_name") => {
      const { rows } = await sql`select to_char((decided_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
          ${sql.raw(key)} as key, wait_bucket as bucket, count(*)::int as decided
        from ${raw} where decided_at is not null and ${sql.raw(key)} is not null
        group by 1, 2, 3 order by day, key, bucket`.execute(db())
      return rows
    }

    /** Both periods and both targets, and the histograms; returns the 90-day kinds for further checks. */
    const expectSame = async (now: Date) => {
      expect(await histogram("report_wait_kind", "kind")).toEqual(await counted("kind"))
      expect(await histogram("report_wait_person", "person")).toEqual(await counted("decided_by_name"))
      for (const days of [30, 90])
        for (const target of TARGETS)
          expect(await timingByKind(db(), now, days, target)).toEqual(await directTiming(now, days, target))
      for (const days of [30, 90])
        expect(await decisionsByPerson(db(), now, days)).toEqual(await directPeople(now, days))
      return directTiming(now, 90, TARGETS[0] ?? 0)
    }

    /** Work and maintenance requests decided at `decidedAt(n)` after waiting `waitSeconds(n)`, by `who(n)`. */
    const insertDecided = (count: number, decidedAt: string, waitSeconds: string, who: string, tag: string) =>
      sql`insert into service_request (kind, title, description, customer_name, location, area,
          service_category, urgency, urgency_rank, submitted_at, status, decided_at, decided_by_name, search_text)
        select case when n % 2 = 0 then 'work' else 'maintenance' end, ${tag} || ' ' || n, 'A description.',
          'Customer', 'High Street', 'Leeds', 'plumbing', 'normal', 1, at - (${sql.raw(waitSeconds)}) * interval '1 second',
          'approved', at, ${sql.raw(who)}, 'wait ' || n
        from generate_series(1, ${count}) as n,
          lateral (select ${sql.raw(decidedAt)} as at) as a`.execute(db())

    const ts = (d: Date) => `'${d.toISOString()}'::timestamptz`

    it("equals percentile_cont over the seed's decisions", async () => {
      const kinds = await expectSame(new Date(base))
      expect(kinds.length).toBeGreaterThan(0)
    })

    it("has no figures for a period without decisions", async () => {
      expect(await timingByKind(db(), EMPTY, 90, TARGETS[0] ?? 0)).toEqual([])
      expect(await decisionsByPerson(db(), EMPTY, 90)).toEqual([])
      await expectSame(EMPTY)
    })

    it("gives one decision's wait as every percentile", async () => {
      await insertDecided(1, `${ts(ONE)} - interval '1 day'`, "4000.25", "'Only Person'", "One")
      const kinds = await expectSame(ONE)
      expect(kinds).toEqual([
        { kind: "maintenance", decided: 1, median_seconds: 4000.25, p90_seconds: 4000.25, within_target: 1 },
      ])
    })

    it("reads ranks from one bucket when every decision is in it", async () => {
      // 1,000 to 1,050 s: one bucket (about 10% wide), an even count so the median mixes two ranks.
      await insertDecided(
        20,
        `${ts(SAME_BUCKET)} - n * interval '1 hour'`,
        "1000 + n * 2.5",
        "'Same ' || (n % 3)",
        "Same",
      )
      const buckets = await sql<{
        n: number
      }>`select count(distinct wait_bucket)::int as n from service_request
        where title like 'Same %'`.execute(db())
      expect(buckets.rows[0]?.n).toBe(1)
      await expectSame(SAME_BUCKET)
    })

    it("mixes ranks across buckets, counts the partial first day, and follows every change", async () => {
      // Decisions over 95 days (the 30- and 90-day periods start inside a day), some after `now`; waits from
      // under a second to weeks, some equal to a target, some equal to each other; some without a name.
      await insertDecided(
        400,
        `case when n % 13 = 0 then ${ts(SPREAD)} + n * interval '1 minute'
          else ${ts(SPREAD)} - ((n * 7919) % (95 * 24 * 60)) * interval '1 minute' end`,
        `case n % 10 when 0 then 0.5 when 1 then ${TARGETS[0]} when 2 then ${TARGETS[1]}
          else (n * n * 31) % 500000 + (n % 4) * 0.25 end`,
        "case when n % 11 = 0 then null else 'Spread ' || (n % 5) end",
        "Spread",
      )
      await sql`insert into company_application (company_name, contact_name, contact_email, contact_phone,
          services_offered, service_area, registration_number, submitted_at, status, decided_at, decided_by_name,
          search_text)
        select 'Co ' || n, 'Contact', 'c@example.com', '0100', '{plumbing}', '{Leeds}', 'R' || n,
          at - (n * 977) * interval '1 second', 'accepted', at, 'Spread ' || (n % 3), 'co ' || n
        from generate_series(1, 60) as n,
          lateral (select ${SPREAD.toISOString()}::timestamptz - n * interval '1 day' as at) as a`.execute(
        db(),
      )
      await expectSame(SPREAD)

      // Reopened; decided later (another day, another bucket); submitted earlier (another bucket, same day).
      await sql`update service_request set status = 'pending', decided_at = null, decided_by_name = null
        where title in ('Spread 3', 'Spread 4', 'Spread 5')`.execute(db())
      await sql`update service_request set decided_at = decided_at + interval '2 days 3 hours'
        where title like 'Spread 1_'`.execute(db())
      await sql`update service_request set submitted_at = submitted_at - interval '5 hours'
        where title like 'Spread 2_'`.execute(db())
      await expectSame(SPREAD)
      // Another person, another kind, an application reopened and one decided again; an update that moves
      // nothing; deletions.
      await sql`update service_request set decided_by_name = 'Spread 9' where title like 'Spread 3_'`.execute(
        db(),
      )
      await sql`update service_request set kind = case kind when 'work' then 'maintenance' else 'work' end
        where title like 'Spread 4_'`.execute(db())
      await sql`update company_application set status = 'pending', decided_at = null where company_name = 'Co 7'`.execute(
        db(),
      )
      await sql`update company_application set decided_at = ${SPREAD.toISOString()}::timestamptz
        where company_name = 'Co 8'`.execute(db())
      await sql`update service_request set title = title || ' (renamed)' where title like 'Spread 6%'`.execute(
        db(),
      )
      await sql`delete from service_request where title like 'Spread 7%'`.execute(db())
      await sql`delete from company_application where company_name like 'Co 9%'`.execute(db())
      await expectSame(SPREAD)
    })
  })
}
