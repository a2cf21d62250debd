// Each company's record with offers (./offer-history.ts: accepted, closed, median answer time) kept in a table
// instead of aggregated on every shortlist: among 10,000 companies the aggregation over a request's candidates
// was the largest part of building its shortlist. Triggers on provider_offer rewrite the rows of the companies a
// statement touched, in that statement's transaction, whoever writes the offer (making, answering, expiring,
// withdrawing, reopening), so the table can never drift from the offers it summarises.
import { sql } from "kysely"
import type { Migration } from "../../db/migrate"

const CLOSED = "('accepted', 'declined', 'expired')"

const statements = [
  `create table provider_offer_stats (
    provider_id integer primary key references provider (id) on delete cascade,
    accepted integer not null,
    closed integer not null,
    median_seconds double precision
  )`,
  // The same aggregation ./offer-history.ts ran per call. The rows are locked first and counted by a later
  // statement, whose snapshot (read committed) then sees any concurrent change to the same company's offers
  // that committed while we waited: two answers at once cannot leave the older count behind.
  `create function provider_offer_stats_refresh(ids integer[]) returns void language plpgsql as $$
  begin
    insert into provider_offer_stats (provider_id, accepted, closed, median_seconds)
      select distinct u.id, 0, 0, null::double precision from unnest(ids) as u(id)
      join provider p on p.id = u.id
      on conflict (provider_id) do nothing;
    perform 1 from provider_offer_stats where provider_id = any(ids) order by provider_id for update;
    update provider_offer_stats s
      set accepted = h.accepted, closed = h.closed, median_seconds = h.median_seconds
      from (
        select u.id,
          count(o.id) filter (where o.state = 'accepted')::int as accepted,
          count(o.id)::int as closed,
          percentile_cont(0.5) within group (order by extract(epoch from o.answered_at - o.offered_at))
            filter (where o.state in ('accepted', 'declined') and o.answered_at is not null) as median_seconds
        from (select distinct unnest(ids) as id) as u
        left join provider_offer o on o.provider_id = u.id and o.state in ${CLOSED}
        group by u.id
      ) as h
      where s.provider_id = h.id;
  end $$`,
  // Statement-level, with transition tables: a batch of offers refreshes each company once.
  `create function provider_offer_stats_changed() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      perform provider_offer_stats_refresh(array(select provider_id from new_rows));
    elsif tg_op = 'UPDATE' then
      perform provider_offer_stats_refresh(
        array(select provider_id from new_rows union select provider_id from old_rows));
    else
      perform provider_offer_stats_refresh(array(select provider_id from old_rows));
    end if;
    return null;
  end $$`,
  `create trigger provider_offer_stats_insert after insert on provider_offer
    referencing new table as new_rows for each statement execute function provider_offer_stats_changed()`,
  `create trigger provider_offer_stats_update after update on provider_offer
    referencing old table as old_rows new table as new_rows
    for each statement execute function provider_offer_stats_changed()`,
  `create trigger provider_offer_stats_delete after delete on provider_offer
    referencing old table as old_rows for each statement execute function provider_offer_stats_changed()`,
  // A company's (trade, town) pairs as the candidates query asks for them, "drainage|leeds", one row each in a
  // narrow table: a b-tree lookup finds the ~2% of companies offering the trade in the town. Arrays with GIN
  // indexes (one per array, or one of the pairs) were not enough: the planner judged reading 175 scattered
  // rows dearer than all 10,000 and compared every row's arrays instead. A trade's slug holds no "|", so a key
  // splits back into one pair only. Row triggers keep it with the provider, in the same transaction.
  `create function provider_coverage_keys(services text[], areas text[]) returns text[] language sql immutable
    parallel safe as $$ select coalesce(array_agg(distinct s.service || '|' || lower(trim(a.area))), '{}')
      from unnest(services) as s(service), unnest(areas) as a(area) $$`,
  `create table provider_coverage (
    key text not null,
    provider_id integer not null references provider (id) on delete cascade,
    primary key (key, provider_id)
  )`,
  "create index provider_coverage_provider on provider_coverage (provider_id)",
  `create function provider_coverage_row() returns trigger language plpgsql as $$
  begin
    delete from provider_coverage where provider_id = new.id;
    insert into provider_coverage (key, provider_id)
      select k, new.id from unnest(provider_coverage_keys(new.services, new.service_area)) as k;
    return null;
  end $$`,
  `create trigger provider_coverage_insert after insert on provider
    for each row execute function provider_coverage_row()`,
  `create trigger provider_coverage_update after update of services, service_area on provider
    for each row execute function provider_coverage_row()`,
  `insert into provider_coverage (key, provider_id)
    select k, p.id from provider p, unnest(provider_coverage_keys(p.services, p.service_area)) as k`,
  // The offers made before this migration.
  "select provider_offer_stats_refresh(array(select distinct provider_id from provider_offer))",
]

export const offerStatsMigration: Migration = {
  name: "0630_offer_stats",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}

// The trigger fires for every update of provider_offer, also one that changed no offer: a reopen withdraws the
// request's open offers in the statement that moves it back, and most reopened requests had none. Refreshing
// no company still ran (and planned) the refresh's three statements, about a millisecond of PostgreSQL's time
// per reopen (pg_stat_statements, bench/RESULTS.md); now a statement that touched no offer returns at once.
export const offerStatsSkipEmptyMigration: Migration = {
  name: "0670_offer_stats_skip_empty",
  up: async (db) => {
    await sql`create or replace function provider_offer_stats_changed() returns trigger language plpgsql as $$
      declare
        ids integer[];
      begin
        if tg_op = 'INSERT' then
          ids := array(select provider_id from new_rows);
        elsif tg_op = 'UPDATE' then
          ids := array(select provider_id from new_rows union select provider_id from old_rows);
        else
          ids := array(select provider_id from old_rows);
        end if;
        if cardinality(ids) > 0 then
          perform provider_offer_stats_refresh(ids);
        end if;
        return null;
      end $$`.execute(db)
  },
}
