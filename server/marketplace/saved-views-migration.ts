// Saved views (docs/behaviour.md#saved-views): a user's named list queries, private or shared with the team.
// A name is unique per list among one user's private views and among the shared ones, whatever its case.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

const statements = [
  `create table saved_view (
    id integer generated always as identity primary key,
    uuid uuid not null unique default gen_random_uuid(),
    owner_user_id integer not null references app_user (id) on delete cascade,
    owner_name text not null,
    name text not null,
    list text not null,
    query text not null,
    shared boolean not null default false,
    created_at timestamptz not null
  )`,
  "create unique index saved_view_shared_name on saved_view (list, lower(name)) where shared",
  "create unique index saved_view_own_name on saved_view (owner_user_id, list, lower(name)) where not shared",
]

export const savedViewsMigration: Migration = {
  name: "0560_saved_views",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
