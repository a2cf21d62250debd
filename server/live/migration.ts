// The live change log (docs/architecture.md#the-live-change-log): every change pushed to open pages gets a
// position here, in the transaction that makes the change, so that every instance reads one order and a page
// can resume from the last position it holds.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const liveChangeLogMigration: Migration = {
  name: "0500_live_change_log",
  up: async (db) => {
    await sql`
      create table live_change (
        position bigint generated always as identity primary key,
        topic text not null,
        user_id integer,
        ref text not null,
        created_at timestamptz not null default now()
      )`.execute(db)
    await sql`create index live_change_created on live_change (created_at)`.execute(db)
  },
}
