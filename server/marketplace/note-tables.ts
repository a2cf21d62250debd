import type { ColumnType, Generated } from "kysely"
import type { NoteMention } from "../../src/schema/marketplace/notes"

// Kysely row type of record_note (SQL in ./notes-migration.ts).

export interface RecordNoteTable {
  id: Generated<number>
  uuid: Generated<string>
  record_kind: string
  record_uuid: string
  author_user_id: number | null
  author_name: string
  body: string
  mentions: ColumnType<ReadonlyArray<NoteMention>, string, string>
  created_at: ColumnType<Date, Date | string, Date | string>
}

/** Appended to the server's Database interface (server/db/schema.ts). */
export interface RecordNoteTables {
  record_note: RecordNoteTable
}
