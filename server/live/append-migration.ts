// One statement appends a transaction's live changes: the lock that orders positions by commit, the rows and
// the wake-up (server/live/change-log.ts). Written just before the commit, it holds the lock for one round
// trip and the commit only.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const liveAppendMigration: Migration = {
  name: "0640_live_append",
  up: async (db) => {
    await sql`
      create function live_append(topics text[], users integer[], refs text[]) returns void
      language sql as $$
        select pg_advisory_xact_lock(4711500);
        with added as (
          insert into live_change (topic, user_id, ref)
          select e.topic, e.user_id, e.ref
          from unnest(topics, users, refs) with ordinality as e(topic, user_id, ref, n)
          order by e.n
          returning position
        )
        select pg_notify('live_changes', max(position)::text) from added;
      $$`.execute(db)
  },
}
