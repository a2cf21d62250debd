import type { ColumnType } from "kysely"
import type { RecordSource } from "../../src/schema/system/app-routes"

// Kysely row type of the presence table (SQL in ./migration.ts).

export interface RecordViewerTable {
  instance_id: string
  socket_id: string
  user_id: number
  user_name: string
  record_kind: RecordSource
  record_uuid: string
  seen_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** Appended to the server's Database interface (server/db/schema.ts). */
export interface PresenceTables {
  record_viewer: RecordViewerTable
}
