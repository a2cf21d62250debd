// Archiving: a notification row belongs to one recipient, so its archived state is that user's own. Archived
// rows leave the bell, the inbox and the unread count; the archive lists them newest first by the same index.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const notificationArchiveMigration: Migration = {
  name: "0210_notification_archive",
  up: async (db) => {
    await sql`alter table notification add column archived_at timestamptz`.execute(db)
  },
}
