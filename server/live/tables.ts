import type { ColumnType, Generated } from "kysely"

// Kysely row type of the live change log (SQL in ./migration.ts).

/**
 * What a log entry tells pages of; `ref` says which row (or, for `read`, which read) as text. `staff`: an
 * account changed (ref: its id), one entry per admin.
 */
export type LiveTopic = "record" | "notification" | "read" | "staff"

export interface LiveChangeTable {
  /** bigint: the pg driver reads it as text, PGlite as a number; read it through `Number`. */
  position: Generated<ColumnType<string | number, never, never>>
  topic: LiveTopic
  /** The one user the entry is for; null: every signed-in page (record changes). */
  user_id: number | null
  ref: string
  created_at: Generated<Date>
}

/** Entries written by a committed (or still open) transaction, not yet given a position. */
export interface LivePendingTable {
  id: Generated<ColumnType<string | number, never, never>>
  topic: LiveTopic
  user_id: number | null
  ref: string
}

/** Appended to the server's Database interface (server/db/schema.ts). */
export interface LiveTables {
  live_change: LiveChangeTable
  live_pending: LivePendingTable
}
