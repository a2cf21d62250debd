// Sign-in limits by client address, and signed-out sessions, one migration for PGlite and PostgreSQL alike.
// Failures count per account and per address; rows from before this migration have no address and count
// for their account only.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

const statements = [
  "alter table login_failure add column address text",
  "create index login_failure_address_idx on login_failure (address, failed_at)",
  // A session is a refresh-token family; its access tokens are refused once it is here. Rows are only needed
  // while an access token of the session could still be alive, and are swept after that.
  `create table revoked_session (
    session_id uuid primary key,
    revoked_at timestamptz not null
  )`,
  "create index revoked_session_revoked_at_idx on revoked_session (revoked_at)",
]

export const authSessionsMigration: Migration = {
  name: "0400_auth_failure_address_and_revoked_session",
  up: async (db) => {
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
