import { Schema } from "effect"
import { sql } from "kysely"
import type {
  BacklogBucket,
  DailyFlow,
  KindTiming,
  PersonLoad,
  ProviderAcceptance,
} from "../../src/schema/reports/reports"
import { BACKLOG_BUCKETS, ReportKind } from "../../src/schema/reports/reports"
import type { Db } from "../marketplace/db"
import { waitPercentiles } from "./wait-percentiles"

// The report's figures, each computed by the database, over work and maintenance requests and company
// applications together. Every bound is a parameter from the server's clock, so a test can move time. Each
// query reads what ./migration.ts and ./wait-migration.ts made for it: the daily rollup, the histograms of
// the wait (./wait-percentiles.ts), the indexes on decision time and on pending records.

const DAY_MS = 86_400_000

const isReportKind = Schema.is(ReportKind)

/** Received against decided per UTC day, from the rollup the triggers keep (./migration.ts). */
export async function dailyFlow(db: Db, now: Date, days: number): Promise<DailyFlow[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const from = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10)
  const to = new Date(today).toISOString().slice(0, 10)
  const { rows } = await sql<{ day: string; received: string | number; decided: string | number }>`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(sum(r.received), 0) as received, coalesce(sum(r.decided), 0) as decided
    from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as d(day)
    left join report_day r on r.day = d.day::date and r.day between ${from}::date and ${to}::date
    group by d.day order by d.day`.execute(db)
  return rows.map((r) => ({ day: r.day, received: Number(r.received), decided: Number(r.decided) }))
}

/** Per kind with decisions in the period: the median and 90th percentile of the wait, how many within target. */
export async function timingByKind(
  db: Db,
  now: Date,
  days: number,
  targetSeconds: number,
): Promise<KindTiming[]> {
  const groups = await waitPercentiles(db, "kind", now, days, [0.5, 0.9], targetSeconds)
  return groups.flatMap((g) =>
    isReportKind(g.key)
      ? [
          {
            kind: g.key,
            decided: g.decided,
            median_seconds: g.seconds[0] ?? null,
            p90_seconds: g.seconds[1] ?? null,
            within_target: g.withinTarget,
          },
        ]
      : [],
  )
}

/** The backlog's age buckets (BACKLOG_BUCKETS) as bounds of age: at least the first, under the second. */
const BUCKET_AGES_DAYS: ReadonlyArray<readonly [number, number | null]> = [
  [0, 1],
  [1, 3],
  [3, 7],
  [7, 30],
  [30, null],
]

/** Pending records by age, each bucket a range count on the pending-records indexes. */
export async function backlogByAge(db: Db, now: Date): Promise<BacklogBucket[]> {
  // A record submitted after `now` (a clock moved by a test) is under a day old, as before.
  const bounds = BUCKET_AGES_DAYS.map(([newer, older], bucket) => ({
    bucket,
    to: newer === 0 ? "infinity" : new Date(now.getTime() - newer * DAY_MS).toISOString(),
    after: older === null ? "-infinity" : new Date(now.getTime() - older * DAY_MS).toISOString(),
  }))
  const values = sql.join(
    bounds.map((b) => sql`(${b.bucket}::int, ${b.after}::timestamptz, ${b.to}::timestamptz)`),
  )
  const { rows } = await sql<{ bucket: number; pending: string | number }>`
    select b.bucket, (
        select count(*) from service_request
          where status = 'pending' and submitted_at > b.after and submitted_at <= b.upto
      ) + (
        select count(*) from company_application
          where status = 'pending' and submitted_at > b.after and submitted_at <= b.upto
      ) as pending
    from (values ${values}) as b(bucket, after, upto)`.execute(db)
  const counted = new Map(rows.map((r) => [Number(r.bucket), Number(r.pending)]))
  return BACKLOG_BUCKETS.map((age, i) => ({ age, pending: counted.get(i) ?? 0 }))
}

/** Decisions per person in the period with the median wait, busiest first. */
export async function decisionsByPerson(db: Db, now: Date, days: number): Promise<PersonLoad[]> {
  const groups = await waitPercentiles(db, "person", now, days, [0.5], null)
  return groups.map((g) => ({ name: g.key, decisions: g.decided, median_seconds: g.seconds[0] ?? null }))
}

/** Each provider's answers to the offers made in the period: accepted of answered is its acceptance rate. */
export async function providerAcceptance(db: Db, now: Date, days: number): Promise<ProviderAcceptance[]> {
  const from = new Date(now.getTime() - days * DAY_MS)
  const { rows } = await sql<{
    provider: string
    offered: string | number
    accepted: string | number
    declined: string | number
    expired: string | number
  }>`
    select p.company_name as provider, count(*) as offered,
      count(*) filter (where o.state = 'accepted') as accepted,
      count(*) filter (where o.state = 'declined') as declined,
      count(*) filter (where o.state = 'expired') as expired
    from provider_offer o join provider p on p.id = o.provider_id
    where o.offered_at >= ${from.toISOString()}::timestamptz
    group by p.id, p.company_name order by offered desc, provider`.execute(db)
  return rows.map((r) => ({
    provider: r.provider,
    offered: Number(r.offered),
    accepted: Number(r.accepted),
    declined: Number(r.declined),
    expired: Number(r.expired),
  }))
}
