// What an application waits for and what the expiry watch has said. `waiting_since` marks an application whose
// applicant was asked for more (it stays pending, in its place by submission); the reminder table makes each
// document's reminder at each threshold a claim only one instance can win (docs/behaviour.md#documents).
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const documentChecklistMigration: Migration = {
  name: "0550_document_checklist",
  up: async (db) => {
    await sql`alter table company_application add column waiting_since timestamptz`.execute(db)
    await sql`alter table company_application add column waiting_message text`.execute(db)
    await sql`
      create table document_expiry_reminder (
        document_id uuid not null references record_document (id) on delete cascade,
        threshold_days integer not null,
        reminded_at timestamptz not null,
        primary key (document_id, threshold_days)
      )`.execute(db)
  },
}
