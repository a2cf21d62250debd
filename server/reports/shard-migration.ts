// The report rollups in shards (ROLLUP_SHARD in ./statement-trigger.ts): each rollup's key gains a shard, and
// the triggers add to the shard of their database session. Readers already sum every row of a key
// (./queries.ts, ./wait-percentiles.ts); the rows there before keep shard 0.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"
import { rollupBodies } from "./migration"
import { ROLLUP_SHARD, type TriggerOp, triggerFunction } from "./statement-trigger"
import { waitBodies } from "./wait-migration"

const KEYS = {
  report_day: "day, kind",
  report_wait_kind: "day, kind, bucket",
  report_wait_person: "day, person, bucket",
} as const

const reshard = (table: keyof typeof KEYS) => [
  `alter table ${table} add column shard smallint not null default 0`,
  `alter table ${table} drop constraint ${table}_pkey`,
  `alter table ${table} add primary key (${KEYS[table]}, shard)`,
]

const OPS: readonly TriggerOp[] = ["insert", "update", "delete"]

const statements = [
  ...(["report_day", "report_wait_kind", "report_wait_person"] as const).flatMap(reshard),
  ...["service_request", "company_application"].flatMap((table) => {
    const day = rollupBodies(table, ROLLUP_SHARD)
    const wait = waitBodies(table, ROLLUP_SHARD)
    return OPS.flatMap((op) => [
      triggerFunction(table, "report_day", op, day[op], true),
      triggerFunction(table, "report_wait", op, wait[op], true),
    ])
  }),
]

export const reportShardMigration: Migration = {
  name: "0660_report_rollup_shards",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
