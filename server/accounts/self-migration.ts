// What a person sees of their own account at /user-settings: each session's browser, system and address (a
// session is a refresh-token family; when it was last used is read from its newest token), their recent
// sign-ins and failed attempts, and the browsers and systems each account has signed in from, so that a
// sign-in from a new one can be told. One migration for PGlite and PostgreSQL alike.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

const statements = [
  `create table account_session (
    session_id uuid primary key,
    user_id integer not null references app_user (id) on delete cascade,
    browser text not null,
    system text not null,
    address text not null,
    created_at timestamptz not null
  )`,
  "create index account_session_user_idx on account_session (user_id)",
  `create table sign_in_attempt (
    id integer generated always as identity primary key,
    user_id integer not null references app_user (id) on delete cascade,
    outcome text not null check (outcome in ('succeeded', 'failed', 'locked')),
    browser text not null,
    system text not null,
    address text not null,
    created_at timestamptz not null
  )`,
  "create index sign_in_attempt_user_idx on sign_in_attempt (user_id, id)",
  `create table account_device (
    user_id integer not null references app_user (id) on delete cascade,
    browser text not null,
    system text not null,
    first_seen_at timestamptz not null,
    primary key (user_id, browser, system)
  )`,
]

export const ownAccountMigration: Migration = {
  name: "0530_account_sessions_and_sign_ins",
  up: async (db) => {
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
