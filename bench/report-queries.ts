// `npm run bench:report-queries`: each /reports query (the one the page asks for, both periods) on 1,000,000
// requests with 200,000 provider offers on PostgreSQL (127.0.0.1:5432, a database made and dropped for the run),
// then on PGlite with fewer rows (BENCH_PGLITE_ROWS, 100,000 by default: a million rows take too long to insert
// there). Each query runs QUERY_RUNS times per round, ROUNDS rounds; printed: per query the median of the
// rounds' p50 and p99 with their spread (min–max), since the machine is shared and loaded.
// A decided request's wait equals how long ago it was decided, so each day's decisions fall in one or two
// buckets of the wait histograms (server/reports/wait-migration.ts); BENCH_WAITS=spread gives each decision a
// wait unrelated to its day (0 to 90 days), so each day fills most buckets: the histograms' worst case.

import { sql } from "kysely"
import type { DatabaseHandle } from "../server/db/database"
import {
  backlogByAge,
  dailyFlow,
  decisionsByPerson,
  providerAcceptance,
  timingByKind,
} from "../server/reports/queries"
import { openTestDatabase } from "../test/contract/harness"

const PG_ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 100_000)
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const GOAL_P99_MS = 200
const SPREAD_WAITS = process.env.BENCH_WAITS === "spread"

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? 0
const pct = (xs: number[], p: number) =>
  sorted(xs)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)] ?? 0

/** Requests over the last 180 days, two in three decided by one of 12 people; offers to 40 providers. */
async function fill(database: DatabaseHandle, rows: number) {
  const t = performance.now()
  await sql`insert into service_request (kind, title, description, customer_name, location, area, service_category,
      urgency, urgency_rank, photos, submitted_at, status, decided_at, decided_by_name, search_text)
    select case when n % 2 = 0 then 'work' else 'maintenance' end, 'Filler request ' || n, 'A description.',
      'Customer ' || n, n || ' High Street', 'Leeds', 'plumbing', 'normal', 1, '{}',
      case when ${SPREAD_WAITS}::boolean and n % 3 <> 0
        then now() - ((n % 259200) / 2 + (n::bigint * 7919 % 259200) / 2) * interval '1 minute'
        else now() - ((n % 259200) || ' minutes')::interval end,
      case when n % 3 = 0 then 'pending' when n % 3 = 1 then 'approved' else 'rejected' end,
      case when n % 3 <> 0 then now() - ((n % 259200) / 2 || ' minutes')::interval end,
      case when n % 3 <> 0 then 'Bench Person ' || (n % 12) end, 'filler request ' || n
    from generate_series(1, ${rows}) as n`.execute(database.db)
  await sql`insert into provider (company_name, services, service_area, search_text)
    select 'Bench Provider ' || p, '{plumbing}', '{Leeds}', 'bench provider ' || p
    from generate_series(1, 40) as p`.execute(database.db)
  const offers = Math.round(rows / 5)
  await sql`insert into provider_offer (request_id, provider_id, state, offered_at, offered_by_name, expires_at, answered_at)
    select r.id, p.id,
      case r.id % 4 when 0 then 'accepted' when 1 then 'declined' when 2 then 'expired' else 'withdrawn' end,
      r.submitted_at, 'Bench', r.submitted_at + interval '2 days',
      case when r.id % 4 < 2 then r.submitted_at + interval '1 hour' end
    from (select id, submitted_at from service_request where kind = 'work' order by id limit ${offers}) as r
    join (select id, row_number() over (order by id) - 1 as k from provider where company_name like 'Bench Provider %') as p
      on p.k = r.id % 40`.execute(database.db)
  // A table that has lived has been vacuumed (autovacuum): its visibility map lets the report indexes answer
  // without visiting the table. A bulk load has not yet, so the run vacuums once before measuring.
  await sql`vacuum analyze`.execute(database.db)
  console.log(
    `filled ${rows.toLocaleString("en-GB")} requests, ${offers.toLocaleString("en-GB")} offers in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  )
}

async function queryTimes(label: string, database: DatabaseHandle) {
  const now = new Date()
  const queries: Record<string, () => Promise<unknown>> = {}
  for (const days of [30, 90]) {
    queries[`daily flow (${days} d)`] = () => dailyFlow(database.db, now, days)
    queries[`timing by kind (${days} d)`] = () => timingByKind(database.db, now, days, 72 * 3600)
    queries[`decisions by person (${days} d)`] = () => decisionsByPerson(database.db, now, days)
    queries[`provider acceptance (${days} d)`] = () => providerAcceptance(database.db, now, days)
  }
  queries["backlog by age"] = () => backlogByAge(database.db, now)
  const rounds = new Map<string, { p50: number[]; p99: number[] }>()
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, run] of Object.entries(queries)) {
      await run()
      const times: number[] = []
      for (let i = 0; i < QUERY_RUNS; i++) {
        const t = performance.now()
        await run()
        times.push(performance.now() - t)
      }
      const r = rounds.get(name) ?? { p50: [], p99: [] }
      r.p50.push(pct(times, 0.5))
      r.p99.push(pct(times, 0.99))
      rounds.set(name, r)
    }
  for (const [name, r] of rounds) {
    const p99 = median(r.p99)
    const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`
    console.log(
      `${label} ${name}: p50 ${median(r.p50).toFixed(1)} ms (${spread(r.p50)}), p99 ${p99.toFixed(1)} ms (${spread(r.p99)})${p99 > GOAL_P99_MS ? `  over the ${GOAL_P99_MS} ms goal` : ""}`,
    )
  }
}

console.log(`${QUERY_RUNS} runs a round, ${ROUNDS} rounds; medians of the rounds with their spread (min–max)`)
const pgDb = await openTestDatabase("postgres")
try {
  await fill(pgDb.database, PG_ROWS)
  await queryTimes(`PostgreSQL ${PG_ROWS.toLocaleString("en-GB")}`, pgDb.database)
} finally {
  await pgDb.database.close()
  await pgDb.drop()
}

const lite = await openTestDatabase("pglite")
try {
  await fill(lite.database, PGLITE_ROWS)
  await queryTimes(`PGlite ${PGLITE_ROWS.toLocaleString("en-GB")}`, lite.database)
} finally {
  await lite.database.close()
  await lite.drop()
}
