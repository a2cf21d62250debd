// What /reports reads (docs/behaviour.md#reports), shaped so that each figure reads an index or a small
// rollup rather than sorting every record (bench/report-queries.ts: 1,000,000 records on PostgreSQL).
//
// - `decision_seconds`: a record's wait from submission to decision, stored, so that percentiles sort plain
//   doubles read from an index instead of computing an interval per row.
// - `report_day`: records received and decided per UTC day and kind, kept by triggers in the transaction of
//   every insert, decision and deletion, so that the daily flow sums at most 90 rows per kind.
// - Indexes on the decision time per kind and per person (with the wait), and on pending records by age.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"
import { statementTrigger, type TriggerOp } from "./statement-trigger"

const waitColumn = (table: string) =>
  `alter table ${table} add column decision_seconds double precision
    generated always as (date_part('epoch', decided_at - submitted_at)) stored`

/** The kind a table's row counts under. */
const kindOf = (table: string, row: string) => (table === "service_request" ? `${row}.kind` : "'application'")

/**
 * Adds each (day, kind) group's changes to the rollup: one statement, however many rows changed. With `shard`
 * (./shard-migration.ts) the counts go to that shard of the key.
 */
const addToRollup = (events: string, shard?: string) => {
  const key = shard ? "day, kind, shard" : "day, kind"
  return `
  insert into report_day (${key}, received, decided)
    select day, kind, ${shard ? `${shard}, ` : ""}sum(received), sum(decided)
    from (${events}) as e(day, kind, received, decided)
    group by day, kind having sum(received) <> 0 or sum(decided) <> 0
    -- One order of locking for every statement: concurrent writers wait rather than deadlock.
    order by day, kind
    on conflict (${key}) do update
      set received = report_day.received + excluded.received, decided = report_day.decided + excluded.decided`
}

const utcDay = (column: string) => `(${column} at time zone 'UTC')::date`

/** A set of rows as rollup events: each row received on its submission day, decided on its decision day. */
const eventsOf = (table: string, rows: string, sign: 1 | -1, where = "true") => `
  select ${utcDay("r.submitted_at")}, ${kindOf(table, "r")}, ${sign}, 0 from ${rows} as r where ${where}
  union all
  select ${utcDay("r.decided_at")}, ${kindOf(table, "r")}, 0, ${sign} from ${rows} as r
    where r.decided_at is not null and ${where}`

/**
 * The bodies of the statement-level triggers, with transition tables: a bulk insert or a bulk decision adds to the rollup once
 * per (day, kind), not once per row. An update moves a row's received count only when its submission or
 * kind moves, its decided count only when its decision does: a decision touches one rollup row (today's,
 * its kind's), so concurrent decisions never lock two rollup rows in opposite orders.
 */
export const rollupBodies = (table: string, shard?: string): Record<TriggerOp, string> => {
  const moved = (column: string) =>
    `(o.${column} is distinct from n.${column} or ${kindOf(table, "o")} is distinct from ${kindOf(table, "n")})`
  const pairs = "old_rows as o join new_rows as n on n.id = o.id"
  const updated = `
    select ${utcDay("o.submitted_at")}, ${kindOf(table, "o")}, -1, 0 from ${pairs} where ${moved("submitted_at")}
    union all
    select ${utcDay("n.submitted_at")}, ${kindOf(table, "n")}, 1, 0 from ${pairs} where ${moved("submitted_at")}
    union all
    select ${utcDay("o.decided_at")}, ${kindOf(table, "o")}, 0, -1 from ${pairs}
      where o.decided_at is not null and ${moved("decided_at")}
    union all
    select ${utcDay("n.decided_at")}, ${kindOf(table, "n")}, 0, 1 from ${pairs}
      where n.decided_at is not null and ${moved("decided_at")}`
  return {
    insert: addToRollup(eventsOf(table, "new_rows", 1), shard),
    update: addToRollup(updated, shard),
    delete: addToRollup(eventsOf(table, "old_rows", -1), shard),
  }
}

const rollupTriggers = (table: string): string[] => {
  const bodies = rollupBodies(table)
  return (["insert", "update", "delete"] as const).flatMap((op) =>
    statementTrigger(table, "report_day", op, bodies[op]),
  )
}

const statements = [
  waitColumn("service_request"),
  waitColumn("company_application"),
  `create index service_request_decided_wait on service_request (kind, decided_at)
    include (decision_seconds, decided_by_name) where decided_at is not null`,
  `create index company_application_decided_wait on company_application (decided_at)
    include (decision_seconds, decided_by_name) where decided_at is not null`,
  `create index service_request_person_wait on service_request (decided_by_name, decided_at)
    include (decision_seconds) where decided_by_name is not null`,
  `create index company_application_person_wait on company_application (decided_by_name, decided_at)
    include (decision_seconds) where decided_by_name is not null`,
  "create index service_request_pending_age on service_request (submitted_at) where status = 'pending'",
  "create index company_application_pending_age on company_application (submitted_at) where status = 'pending'",
  `create table report_day (
    day date not null,
    kind text not null,
    received integer not null default 0,
    decided integer not null default 0,
    primary key (day, kind)
  )`,
  ...["service_request", "company_application"].flatMap(rollupTriggers),
  // The records there already.
  addToRollup(`${eventsOf("service_request", "service_request", 1)} union all
    ${eventsOf("company_application", "company_application", 1)}`),
]

export const reportRollupMigration: Migration = {
  name: "0620_report_rollup_and_indexes",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
