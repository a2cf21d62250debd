// Internal notes (docs/behaviour.md#internal-notes): staff notes on a record, read as a thread oldest first.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

const statements = [
  `create table record_note (
    id integer generated always as identity primary key,
    uuid uuid not null unique default gen_random_uuid(),
    record_kind text not null,
    record_uuid uuid not null,
    author_user_id integer references app_user (id) on delete set null,
    author_name text not null,
    body text not null,
    mentions jsonb not null default '[]',
    created_at timestamptz not null
  )`,
  "create index record_note_thread on record_note (record_uuid, created_at, id)",
]

export const recordNotesMigration: Migration = {
  name: "0580_record_notes",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
