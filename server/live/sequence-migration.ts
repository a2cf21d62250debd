// Positions are given after the commit, by a short sequencing statement, instead of inside the transaction
// that makes the change (server/live/change-log.ts). The append used to take the log's lock before COMMIT and
// hold it until the commit came back: a round trip to a busy instance and a WAL flush per decision, in one
// queue for every instance (bench/RESULTS.md). Now a transaction only inserts its entries into
// `live_pending`, taking no lock; `live_sequence` moves every committed pending entry into `live_change` under
// the lock, in one statement that runs and commits on the server without waiting for a client.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const liveSequenceMigration: Migration = {
  name: "0680_live_sequence",
  up: async (db) => {
    await sql`
      create table live_pending (
        id bigint generated always as identity primary key,
        topic text not null,
        user_id integer,
        ref text not null
      )`.execute(db)
    await sql`
      create or replace function live_append(topics text[], users integer[], refs text[]) returns void
      language sql as $$
        insert into live_pending (topic, user_id, ref)
        select e.topic, e.user_id, e.ref
        from unnest(topics, users, refs) with ordinality as e(topic, user_id, ref, n)
        order by e.n
      $$`.execute(db)
    // Every statement of a volatile function takes a new snapshot, so the move, taken after the lock, sees
    // every entry committed before it: a sequencer that waited for another still moves what the other could
    // not see. Pending ids follow the order entries were written in; a change that waited for another's row
    // lock wrote its entries after the other committed, so a record's changes keep their order.
    await sql`
      create function live_sequence() returns integer
      language plpgsql as $$
      declare
        moved integer;
        head bigint;
      begin
        if not exists (select 1 from live_pending) then
          return 0;
        end if;
        perform pg_advisory_xact_lock(4711500);
        with taken as (
          delete from live_pending returning id, topic, user_id, ref
        ), added as (
          insert into live_change (topic, user_id, ref)
          select topic, user_id, ref from taken order by id
          returning position
        )
        select count(*), max(position) into moved, head from added;
        if moved > 0 then
          perform pg_notify('live_changes', head::text);
        end if;
        return moved;
      end
      $$`.execute(db)
  },
}
