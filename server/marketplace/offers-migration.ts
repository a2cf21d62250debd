// Offers (docs/behaviour.md#offers): one row per provider a request was offered to. At most one open offer per
// provider and request; the request remembers who accepted, so that of two acceptances at once the conditional
// update of that column lets exactly one win. Open offers are found by their expiry for the expiry job.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

const statements = [
  `create table provider_offer (
    id serial primary key,
    uuid uuid not null unique default gen_random_uuid(),
    request_id integer not null references service_request (id) on delete cascade,
    provider_id integer not null references provider (id) on delete cascade,
    state text not null default 'offered'
      check (state in ('offered', 'accepted', 'declined', 'expired', 'withdrawn')),
    offered_at timestamptz not null,
    offered_by_user_id integer references app_user (id) on delete set null,
    offered_by_name text not null,
    expires_at timestamptz not null,
    answered_at timestamptz,
    reason text
  )`,
  "create index provider_offer_request on provider_offer (request_id, id)",
  "create index provider_offer_open on provider_offer (state, expires_at, id)",
  "create unique index provider_offer_one_open on provider_offer (request_id, provider_id) where state = 'offered'",
  "alter table service_request add column assigned_provider_id integer references provider (id) on delete set null",
  "alter table service_request add column provider_assigned_at timestamptz",
  // The providers-awaiting queue: approved requests nobody accepted, oldest first.
  "create index service_request_awaiting on service_request (status, submitted_at, id) where assigned_provider_id is null",
]

export const offersMigration: Migration = {
  name: "0570_provider_offers",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
