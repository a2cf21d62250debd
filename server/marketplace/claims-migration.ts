// Claims (docs/behaviour.md#claims): who has taken a record, by name as well as id so that a list shows the
// assignee without a join, and when. The partial indexes serve the "Mine" and "Unassigned" filters of a
// status list; "All" keeps using the list indexes of ./migration.ts.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

const statements = [
  "alter table company_application add column assignee_user_id integer references app_user (id) on delete set null",
  "alter table company_application add column assignee_name text",
  "alter table company_application add column assigned_at timestamptz",
  "alter table service_request add column assignee_user_id integer references app_user (id) on delete set null",
  "alter table service_request add column assignee_name text",
  "alter table service_request add column assigned_at timestamptz",
  "create index company_application_assignee on company_application (status, assignee_user_id, submitted_at, id)",
  "create index service_request_assignee on service_request (kind, status, assignee_user_id, submitted_at, id)",
]

export const claimsMigration: Migration = {
  name: "0300_record_claims",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
