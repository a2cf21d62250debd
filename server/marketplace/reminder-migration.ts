// Overdue reminders (docs/behaviour.md#reminders): the primary key is the "sent once" guard across instances,
// and the one-row start table marks when reminders began, so records already overdue before then (a backlog
// at the first deploy, or a seeded demo) are shown as overdue but not announced all at once.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const queueRemindersMigration: Migration = {
  name: "0120_queue_reminders",
  up: async (db) => {
    await sql`
      create table queue_reminder (
        record_kind text not null check (record_kind in ('work_request', 'maintenance_request', 'company_application')),
        record_uuid uuid not null,
        reminded_at timestamptz not null,
        primary key (record_kind, record_uuid)
      )`.execute(db)
    await sql`
      create table queue_reminder_start (
        id smallint primary key check (id = 1),
        started_at timestamptz not null
      )`.execute(db)
  },
}
