// Who is viewing which record, shared by every instance (docs/behaviour.md#presence): one row per socket that
// views a record. An instance refreshes `seen_at` of its own rows while it runs and deletes them when it stops;
// rows of an instance that died are not refreshed and are swept once they are older than the presence TTL.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const presenceMigration: Migration = {
  name: "0310_record_viewer",
  up: async (db) => {
    await sql`
      create table record_viewer (
        instance_id text not null,
        socket_id text not null,
        user_id integer not null references app_user (id) on delete cascade,
        user_name text not null,
        record_kind text not null,
        record_uuid uuid not null,
        seen_at timestamptz not null default now(),
        primary key (instance_id, socket_id)
      )`.execute(db)
    await sql`create index record_viewer_record on record_viewer (record_kind, record_uuid)`.execute(db)
    await sql`create index record_viewer_seen on record_viewer (seen_at)`.execute(db)
  },
}
