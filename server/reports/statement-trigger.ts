// The report rollups' triggers: one per statement and operation, seeing the statement's rows as transition
// tables, so that a bulk decision adds its counts once (./migration.ts, ./wait-migration.ts).

export type TriggerOp = "insert" | "update" | "delete"

const TRANSITION: Record<TriggerOp, string> = {
  insert: "new table as new_rows",
  delete: "old table as old_rows",
  update: "old table as old_rows new table as new_rows",
}

/** The function and the trigger that run `body` after each statement of `op` on `table`. */
export const statementTrigger = (table: string, name: string, op: TriggerOp, body: string): string[] => [
  `create function ${table}_${name}_${op}() returns trigger language plpgsql as $$
        begin ${body}; return null; end $$`,
  `create trigger ${table}_${name}_${op} after ${op} on ${table}
        referencing ${TRANSITION[op]} for each statement execute function ${table}_${name}_${op}()`,
]
