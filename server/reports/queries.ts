import { sql } from "kysely"
import type {
  BacklogBucket,
  DailyFlow,
  KindTiming,
  PersonLoad,
  ProviderAcceptance,
  ReportKind,
} from "../../src/schema/reports/reports"
import { BACKLOG_BUCKETS } from "../../src/schema/reports/reports"
import type { Db } from "../marketplace/db"

// The report's figures, each one query the database computes (percentile_cont works on PostgreSQL and
// PGlite alike), over work and maintenance requests and company applications together. Every bound is a
// parameter from the server's clock, so a test can move time.

const DAY_MS = 86_400_000

/** Both record tables as one: kind, submission, decision and who decided. */
const records = sql`(
  select kind::text as kind, submitted_at, decided_at, decided_by_name, status::text as status from service_request
  union all
  select 'application', submitted_at, decided_at, decided_by_name, status::text from company_application
) as r`

const num = (v: string | number | null): number | null => (v === null ? null : Number(v))

export async function dailyFlow(db: Db, now: Date, days: number): Promise<DailyFlow[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const from = new Date(today - (days - 1) * DAY_MS)
  const { rows } = await sql<{ day: string; received: string | number; decided: string | number }>`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(f.received, 0) as received, coalesce(f.decided, 0) as decided
    from generate_series(${from.toISOString()}::timestamptz at time zone 'UTC',
                         ${new Date(today).toISOString()}::timestamptz at time zone 'UTC',
                         interval '1 day') as d(day)
    left join (
      select day, sum(received) as received, sum(decided) as decided from (
        select date_trunc('day', submitted_at at time zone 'UTC') as day, 1 as received, 0 as decided
          from ${records} where submitted_at >= ${from.toISOString()}::timestamptz
        union all
        select date_trunc('day', decided_at at time zone 'UTC'), 0, 1
          from ${records} where decided_at >= ${from.toISOString()}::timestamptz
      ) as e group by day
    ) as f on f.day = d.day
    order by d.day`.execute(db)
  return rows.map((r) => ({ day: r.day, received: Number(r.received), decided: Number(r.decided) }))
}

export async function timingByKind(
  db: Db,
  now: Date,
  days: number,
  targetSeconds: number,
): Promise<KindTiming[]> {
  const from = new Date(now.getTime() - days * DAY_MS)
  const { rows } = await sql<{
    kind: ReportKind
    decided: string | number
    median_seconds: string | number | null
    p90_seconds: string | number | null
    within_target: string | number
  }>`
    select kind, count(*) as decided,
      percentile_cont(0.5) within group (order by extract(epoch from decided_at - submitted_at)) as median_seconds,
      percentile_cont(0.9) within group (order by extract(epoch from decided_at - submitted_at)) as p90_seconds,
      count(*) filter (where extract(epoch from decided_at - submitted_at) <= ${targetSeconds}) as within_target
    from ${records}
    where decided_at >= ${from.toISOString()}::timestamptz
    group by kind order by kind`.execute(db)
  return rows.map((r) => ({
    kind: r.kind,
    decided: Number(r.decided),
    median_seconds: num(r.median_seconds),
    p90_seconds: num(r.p90_seconds),
    within_target: Number(r.within_target),
  }))
}

export async function backlogByAge(db: Db, now: Date): Promise<BacklogBucket[]> {
  const { rows } = await sql<{ bucket: number; pending: string | number }>`
    select case
        when age < interval '1 day' then 0 when age < interval '3 days' then 1
        when age < interval '7 days' then 2 when age < interval '30 days' then 3 else 4 end as bucket,
      count(*) as pending
    from (select ${now.toISOString()}::timestamptz - submitted_at as age from ${records} where status = 'pending') as p
    group by bucket`.execute(db)
  const counted = new Map(rows.map((r) => [Number(r.bucket), Number(r.pending)]))
  return BACKLOG_BUCKETS.map((age, i) => ({ age, pending: counted.get(i) ?? 0 }))
}

export async function decisionsByPerson(db: Db, now: Date, days: number): Promise<PersonLoad[]> {
  const from = new Date(now.getTime() - days * DAY_MS)
  const { rows } = await sql<{
    name: string
    decisions: string | number
    median_seconds: string | number | null
  }>`
    select decided_by_name as name, count(*) as decisions,
      percentile_cont(0.5) within group (order by extract(epoch from decided_at - submitted_at)) as median_seconds
    from ${records}
    where decided_at >= ${from.toISOString()}::timestamptz and decided_by_name is not null
    group by decided_by_name order by decisions desc, name`.execute(db)
  return rows.map((r) => ({
    name: r.name,
    decisions: Number(r.decisions),
    median_seconds: num(r.median_seconds),
  }))
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
