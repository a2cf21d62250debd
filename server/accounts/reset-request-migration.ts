// "Forgot password" requests, kept in the database so that every instance counts the same ones: the limit per
// email and per client address reads them, and they are swept once out of the window.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const resetRequestMigration: Migration = {
  name: "0540_reset_request",
  up: async (db) => {
    await sql`create table reset_request (
      id integer generated always as identity primary key,
      email text not null,
      address text not null,
      requested_at timestamptz not null
    )`.execute(db)
    await sql`create index reset_request_email_idx on reset_request (email, requested_at)`.execute(db)
    await sql`create index reset_request_address_idx on reset_request (address, requested_at)`.execute(db)
  },
}
