// Every instance hears every new notification (LISTEN); the primary key makes exactly one of them push it.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const pushMigration: Migration = {
  name: "0300_notification_push",
  up: async (db) => {
    await sql`
      create table notification_push (
        notification_id integer primary key references notification (id) on delete cascade,
        claimed_at timestamptz not null
      )`.execute(db)
  },
}
