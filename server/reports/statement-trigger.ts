// The report rollups' triggers: one per statement and operation, seeing the statement's rows as transition
// tables, so that a bulk decision adds its counts once (./migration.ts, ./wait-migration.ts).

export type TriggerOp = "insert" | "update" | "delete"

const TRANSITION: Record<TriggerOp, string> = {
  insert: "new table as new_rows",
  delete: "old table as old_rows",
  update: "old table as old_rows new table as new_rows",
}

/**
 * The rollup row a writer adds to, beside the row's own key. Every decision of a day adds to the same
 * (day, kind) counts, so one row per key would make concurrent decisions queue on its lock until each one's
 * commit; a shard per database session spreads them, and readers sum the shards. One session writes one shard
 * in every statement, so its locks keep the single order each trigger takes (no new deadlock).
 */
export const ROLLUP_SHARD = "pg_backend_pid() % 16"

/** The function a statement trigger runs; `replace` gives an existing trigger a new body. */
export const triggerFunction = (table: string, name: string, op: TriggerOp, body: string, replace = false) =>
  `create ${replace ? "or replace " : ""}function ${table}_${name}_${op}() returns trigger language plpgsql as $$
        begin ${body}; return null; end $$`

/** The function and the trigger that run `body` after each statement of `op` on `table`. */
export const statementTrigger = (table: string, name: string, op: TriggerOp, body: string): string[] => [
  triggerFunction(table, name, op, body),
  `create trigger ${table}_${name}_${op} after ${op} on ${table}
        referencing ${TRANSITION[op]} for each statement execute function ${table}_${name}_${op}()`,
]
