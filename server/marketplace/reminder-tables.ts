import type { ColumnType } from "kysely"
import type { RecordKind } from "../../src/schema/marketplace/marketplace"

// Kysely row types of the reminder tables (SQL in ./reminder-migration.ts).

type Timestamp = ColumnType<Date, Date | string, Date | string>

export interface QueueReminderTable {
  record_kind: RecordKind
  record_uuid: string
  reminded_at: Timestamp
}

export interface QueueReminderStartTable {
  id: number
  started_at: Timestamp
}

/** Appended to the server's Database interface (server/db/schema.ts). */
export interface ReminderTables {
  queue_reminder: QueueReminderTable
  queue_reminder_start: QueueReminderStartTable
}
