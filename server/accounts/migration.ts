// Accounts that a team runs on: an account's status (invited, active, deactivated), its last sign-in, a version
// that two admins changing it at once compare, one-time links (invitations and password resets) and the history
// of every change. One migration for PGlite and PostgreSQL alike; existing accounts are active.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

const statements = [
  "alter table app_user add column status text not null default 'active'",
  "alter table app_user add column last_sign_in_at timestamptz",
  "alter table app_user add column version integer not null default 1",
  // A link's secret is never stored: only the SHA-256 of its verifier, found by its public selector.
  `create table account_link (
    id integer generated always as identity primary key,
    user_id integer not null references app_user (id) on delete cascade,
    purpose text not null,
    selector text not null unique,
    verifier_hash text not null,
    created_by integer references app_user (id) on delete set null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    revoked_at timestamptz
  )`,
  "create index account_link_user_idx on account_link (user_id, purpose)",
  `create table account_event (
    id integer generated always as identity primary key,
    user_id integer not null references app_user (id) on delete cascade,
    actor_id integer references app_user (id) on delete set null,
    kind text not null,
    detail text not null,
    created_at timestamptz not null
  )`,
  "create index account_event_user_idx on account_event (user_id, created_at)",
]

export const accountsMigration: Migration = {
  name: "0510_accounts",
  up: async (db) => {
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
