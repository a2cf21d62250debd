// Histograms of the wait (submission to decision) per UTC decision day, so that a period's median and 90th
// percentile count a few hundred rollup rows and then sort only the decisions of the one bucket that holds
// each percentile, instead of sorting every decision of the period (docs/behaviour.md#reports).
//
// - `report_wait_bucket(seconds)`: the bucket of a wait, by binary search over fixed edges in whole seconds
//   (so it is monotonic: a longer wait is never in a lower bucket).
// - `wait_bucket`: each record's bucket, stored, with indexes that read one bucket's decisions of a period
//   per kind and per person.
// - `report_wait_kind`, `report_wait_person`: decisions per (UTC day, kind or person, bucket), kept by
//   statement-level triggers in the same transactions as `report_day` (./migration.ts).
import { sql } from "kysely"
import type { Migration } from "../db/migrate"
import { statementTrigger, type TriggerOp } from "./statement-trigger"

/**
 * Edges in whole seconds: one-second buckets up to 15 s, then each about 10% wider than its lower edge,
 * until an edge passes ten years (192 edges, 193 buckets); bucket 0 holds waits under a second (and any
 * negative one). Part of the schema: changing them takes a new migration that recomputes `wait_bucket` and
 * the histograms.
 */
const WAIT_EDGES: readonly number[] = (() => {
  const edges = [1]
  let last = 1
  while (last < 10 * 365 * 86_400) {
    last = Math.max(last + 1, Math.round(last * 1.1))
    edges.push(last)
  }
  return edges
})()

const bucketFunction = `create function report_wait_bucket(seconds double precision) returns integer
  language sql immutable parallel safe
  as $$ select width_bucket(seconds, '{${WAIT_EDGES.join(",")}}'::double precision[]) $$`

// A generated column cannot read another one (`decision_seconds`): the same expression, so the same double.
const bucketColumn = (table: string) =>
  `alter table ${table} add column wait_bucket integer
    generated always as (report_wait_bucket(date_part('epoch', decided_at - submitted_at))) stored`

const kindOf = (table: string, row: string) => (table === "service_request" ? `${row}.kind` : "'application'")
const utcDay = (column: string) => `(${column} at time zone 'UTC')::date`

interface Rollup {
  readonly table: "report_wait_kind" | "report_wait_person"
  readonly key: "kind" | "person"
  /** The row's key in the rollup, and when the row counts there. */
  readonly keyOf: (table: string, row: string) => string
  readonly counts: (row: string) => string
}

const byKind: Rollup = {
  table: "report_wait_kind",
  key: "kind",
  keyOf: kindOf,
  counts: (row) => `${row}.decided_at is not null`,
}
const byPerson: Rollup = {
  table: "report_wait_person",
  key: "person",
  keyOf: (_table, row) => `${row}.decided_by_name`,
  counts: (row) => `${row}.decided_at is not null and ${row}.decided_by_name is not null`,
}

/**
 * Adds each (day, key, bucket) group's changes: one statement, in one order of locking for every writer. With
 * `shard` (./shard-migration.ts) the counts go to that shard of the key.
 */
const addTo = (rollup: Rollup, events: string, shard?: string) => {
  const key = `day, ${rollup.key}, bucket${shard ? ", shard" : ""}`
  return `
  insert into ${rollup.table} (${key}, decided)
    select day, k, bucket, ${shard ? `${shard}, ` : ""}sum(n) from (${events}) as e(day, k, bucket, n)
    group by day, k, bucket having sum(n) <> 0
    order by day, k, bucket
    on conflict (${key}) do update set decided = ${rollup.table}.decided + excluded.decided`
}

const eventsOf = (rollup: Rollup, table: string, rows: string, sign: 1 | -1) => `
  select ${utcDay("r.decided_at")}, ${rollup.keyOf(table, "r")}, r.wait_bucket, ${sign} from ${rows} as r
    where ${rollup.counts("r")}`

/** An update moves a decision only when its day, key or bucket moves (a decision, a reopen, a new date). */
const movedEvents = (rollup: Rollup, table: string) => {
  const of = (row: string) =>
    `(${utcDay(`${row}.decided_at`)}, ${rollup.keyOf(table, row)}, ${row}.wait_bucket, ${rollup.counts(row)})`
  const pairs = `old_rows as o join new_rows as n on n.id = o.id where ${of("o")} is distinct from ${of("n")}`
  return `
    select ${utcDay("o.decided_at")}, ${rollup.keyOf(table, "o")}, o.wait_bucket, -1 from ${pairs}
      and ${rollup.counts("o")}
    union all
    select ${utcDay("n.decided_at")}, ${rollup.keyOf(table, "n")}, n.wait_bucket, 1 from ${pairs}
      and ${rollup.counts("n")}`
}

/** The kinds' rollup before the people's, in every trigger: concurrent writers lock in the same order. */
export const waitBodies = (table: string, shard?: string): Record<TriggerOp, string> => {
  const rollups = [byKind, byPerson]
  return {
    insert: rollups.map((r) => addTo(r, eventsOf(r, table, "new_rows", 1), shard)).join(";\n"),
    update: rollups.map((r) => addTo(r, movedEvents(r, table), shard)).join(";\n"),
    delete: rollups.map((r) => addTo(r, eventsOf(r, table, "old_rows", -1), shard)).join(";\n"),
  }
}

const triggers = (table: string): string[] => {
  const bodies = waitBodies(table)
  return (["insert", "update", "delete"] as const).flatMap((op) =>
    statementTrigger(table, "report_wait", op, bodies[op]),
  )
}

const rollupTable = (rollup: Rollup) => `create table ${rollup.table} (
  day date not null,
  ${rollup.key} text not null,
  bucket integer not null,
  decided integer not null,
  primary key (day, ${rollup.key}, bucket)
)`

const statements = [
  bucketFunction,
  bucketColumn("service_request"),
  bucketColumn("company_application"),
  `create index service_request_kind_bucket on service_request (kind, wait_bucket, decided_at)
    include (decision_seconds) where decided_at is not null`,
  `create index company_application_bucket on company_application (wait_bucket, decided_at)
    include (decision_seconds) where decided_at is not null`,
  `create index service_request_person_bucket on service_request (decided_by_name, wait_bucket, decided_at)
    include (decision_seconds) where decided_at is not null and decided_by_name is not null`,
  `create index company_application_person_bucket on company_application (decided_by_name, wait_bucket, decided_at)
    include (decision_seconds) where decided_at is not null and decided_by_name is not null`,
  rollupTable(byKind),
  rollupTable(byPerson),
  ...["service_request", "company_application"].flatMap(triggers),
  // The decisions there already.
  ...[byKind, byPerson].map((r) =>
    addTo(
      r,
      `${eventsOf(r, "service_request", "service_request", 1)} union all
        ${eventsOf(r, "company_application", "company_application", 1)}`,
    ),
  ),
]

export const reportWaitMigration: Migration = {
  name: "0650_report_wait_histograms",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
