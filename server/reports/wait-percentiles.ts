// Percentiles of the wait over a period, exactly as percentile_cont computes them over the period's decisions,
// read from the histograms of ./wait-migration.ts: count the period's decisions per bucket (whole UTC days from
// the histogram, the period's first, partial day from the decisions themselves), find the bucket that holds
// each rank the percentile needs, and read only that bucket's decisions of the period, in order, from the
// (key, bucket, decision time) indexes. One snapshot (repeatable read), so the counts and the reads agree.
import { type RawBuilder, sql } from "kysely"
import type { Db } from "../marketplace/db"

const DAY_MS = 86_400_000

export type WaitKey = "kind" | "person"

const ROLLUP = { kind: sql.raw("report_wait_kind"), person: sql.raw("report_wait_person") } as const

/**
 * Every decision, with the key it counts under per grouping (company applications are one kind). A read not
 * of one kind names the request kinds (all there are), so that it can use the indexes that lead with the kind;
 * a read of one person does not, so that it reads the person's index alone.
 */
const decisions = (kinds: boolean) => sql`(
  select kind, decided_by_name as person, decided_at, decision_seconds, wait_bucket from service_request
    where decided_at is not null ${kinds ? sql`and kind in ('maintenance', 'work')` : sql``}
  union all
  select 'application', decided_by_name, decided_at, decision_seconds, wait_bucket from company_application
    where decided_at is not null
) as d`

export interface WaitGroup {
  readonly key: string
  readonly decided: number
  /** Per requested percentile, in the order asked. */
  readonly seconds: readonly number[]
  /** Decisions that waited at most the target, when one was given. */
  readonly withinTarget: number
}

interface BucketCount {
  readonly bucket: number
  readonly n: number
  /** Below the target's bucket: all its decisions are within the target. */
  readonly below: boolean
}

interface Lookup {
  readonly key: string
  readonly bucket: number
  readonly offset: number
  readonly count: number
}

/** The bucket holding 0-based rank `rank`, and the rank's offset in it. */
function locate(
  buckets: readonly BucketCount[],
  rank: number,
): { bucket: number; offset: number; n: number } {
  let before = 0
  for (const b of buckets) {
    if (rank < before + b.n) return { bucket: b.bucket, offset: rank - before, n: b.n }
    before += b.n
  }
  throw new Error(`rank ${rank} past ${before} decisions`)
}

/** The ranks percentile_cont reads and how it mixes them (PostgreSQL's orderedsetaggs.c, float8). */
const ranksOf = (p: number, n: number) => {
  const at = p * (n - 1)
  return { first: Math.floor(at), second: Math.ceil(at), proportion: at - Math.floor(at) }
}

/**
 * Per key (kinds in order of name; people busiest first, then by name), the period's decision count, the
 * percentiles asked and the count within the target. Keys with no decision in the period are left out.
 */
export async function waitPercentiles(
  db: Db,
  key: WaitKey,
  now: Date,
  days: number,
  percentiles: readonly number[],
  targetSeconds: number | null,
): Promise<WaitGroup[]> {
  const from = new Date(now.getTime() - days * DAY_MS)
  const fromDay = new Date(Math.floor(from.getTime() / DAY_MS) * DAY_MS)
  const dayAfter = new Date(fromDay.getTime() + DAY_MS)
  const column: RawBuilder<unknown> = sql.raw(key)
  const inPeriod = sql`d.decided_at >= ${from.toISOString()}::timestamptz`
  const target = sql`report_wait_bucket(${targetSeconds}::double precision)`
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      const { rows } = await sql<{ key: string; bucket: number; n: string | number; below: boolean | null }>`
        select k as key, bucket, sum(n) as n, bucket < ${target} as below from (
          select ${column}, bucket, decided from ${ROLLUP[key]}
            where day > ${fromDay.toISOString().slice(0, 10)}::date
          union all
          select d.${column}, report_wait_bucket(d.decision_seconds), 1 from ${decisions(true)}
            where ${inPeriod} and d.decided_at < ${dayAfter.toISOString()}::timestamptz and d.${column} is not null
        ) as e(k, bucket, n)
        group by k, bucket having sum(n) <> 0
        order by ${key === "person" ? sql`sum(sum(n)) over (partition by k) desc,` : sql``} k, bucket`.execute(
        trx,
      )

      const groups = new Map<string, BucketCount[]>()
      for (const r of rows) {
        const list = groups.get(r.key) ?? []
        list.push({ bucket: Number(r.bucket), n: Number(r.n), below: r.below === true })
        groups.set(r.key, list)
      }

      // Each percentile's two ranks, as reads of one bucket (both ranks in it) or two.
      const lookups: Lookup[] = []
      const plans = [...groups].map(([k, buckets]) => {
        const n = buckets.reduce((s, b) => s + b.n, 0)
        const reads = percentiles.map((p) => {
          const { first, second, proportion } = ranksOf(p, n)
          const a = locate(buckets, first)
          const same = second === first
          // The second rank is the next decision: in the same bucket, or first in the next one.
          const both = !same && a.offset + 1 < a.n
          const firstRead =
            lookups.push({ key: k, bucket: a.bucket, offset: a.offset, count: both ? 2 : 1 }) - 1
          if (same || both) return { firstRead, secondRead: null, proportion, same }
          const b = locate(buckets, second)
          const secondRead = lookups.push({ key: k, bucket: b.bucket, offset: b.offset, count: 1 }) - 1
          return { firstRead, secondRead, proportion, same: false }
        })
        return { key: k, buckets, n, reads }
      })

      const values = new Map<number, number[]>()
      if (lookups.length > 0) {
        const list = sql.join(
          lookups.map(
            (l, i) => sql`(${i}::int, ${l.key}::text, ${l.bucket}::int, ${l.offset}::int, ${l.count}::int)`,
          ),
        )
        const read = await sql<{ i: number; seconds: number | string }>`
          select l.i, v.seconds from (values ${list}) as l(i, k, bucket, skip, take)
          cross join lateral (
            select d.decision_seconds from ${decisions(false)}
              where d.${column} = l.k and d.wait_bucket = l.bucket and ${inPeriod}
              order by d.decision_seconds offset l.skip limit l.take
          ) as v(seconds)`.execute(trx)
        for (const r of read.rows) values.set(r.i, [...(values.get(r.i) ?? []), Number(r.seconds)])
      }

      // Within the target: every decision of the buckets below its bucket, and those of its bucket that are.
      const within = new Map<string, number>()
      if (targetSeconds !== null) {
        const { rows: counted } = await sql<{ key: string; n: string | number }>`
          select d.${column} as key, count(*) as n from ${decisions(true)}
            where ${inPeriod} and d.wait_bucket = ${target}
              and d.decision_seconds <= ${targetSeconds}::double precision and d.${column} is not null
            group by d.${column}`.execute(trx)
        for (const r of counted) within.set(r.key, Number(r.n))
      }

      const decisionAt = (read: number, index: number): number => {
        const v = values.get(read)?.[index]
        if (v === undefined) throw new Error(`decision ${index} of read ${read} missing`)
        return v
      }
      return plans.map(({ key: k, buckets, n, reads }) => ({
        key: k,
        decided: n,
        seconds: reads.map(({ firstRead, secondRead, proportion, same }) => {
          const lo = decisionAt(firstRead, 0)
          if (same) return lo
          const hi = secondRead === null ? decisionAt(firstRead, 1) : decisionAt(secondRead, 0)
          return lo + proportion * (hi - lo)
        }),
        withinTarget: buckets.reduce((s, b) => s + (b.below ? b.n : 0), 0) + (within.get(k) ?? 0),
      }))
    })
}
