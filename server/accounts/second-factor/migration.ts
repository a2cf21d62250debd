// Second factors: an authenticator app per account (its secret, pending until a first code confirms it, and
// the last time step accepted, so that a code is taken once), hashed single-use recovery codes, passkeys,
// half-finished sign-ins waiting for their second factor, WebAuthn challenges, browsers trusted for a while,
// and the categories the policy requires a factor of. One migration for PGlite and PostgreSQL alike.
import { sql } from "kysely"
import type { Migration } from "../../db/migrate"

const statements = [
  `create table totp_factor (
    user_id integer primary key references app_user (id) on delete cascade,
    secret text not null,
    confirmed_at timestamptz,
    last_step bigint,
    created_at timestamptz not null
  )`,
  `create table recovery_code (
    id integer generated always as identity primary key,
    user_id integer not null references app_user (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz
  )`,
  "create index recovery_code_user_idx on recovery_code (user_id)",
  `create table passkey (
    id uuid primary key,
    user_id integer not null references app_user (id) on delete cascade,
    credential_id text not null unique,
    public_key text not null,
    counter bigint not null,
    transports text not null,
    name text not null,
    created_at timestamptz not null,
    last_used_at timestamptz
  )`,
  "create index passkey_user_idx on passkey (user_id)",
  `create table login_challenge (
    token_hash text primary key,
    user_id integer not null references app_user (id) on delete cascade,
    kind text not null check (kind in ('second_factor', 'setup_required')),
    expires_at timestamptz not null
  )`,
  `create table webauthn_challenge (
    challenge text primary key,
    purpose text not null check (purpose in ('register', 'sign_in', 'second_factor')),
    user_id integer references app_user (id) on delete cascade,
    expires_at timestamptz not null
  )`,
  `create table trusted_browser (
    nonce text primary key,
    user_id integer not null references app_user (id) on delete cascade,
    session_id uuid,
    trusted_until timestamptz not null
  )`,
  "create index trusted_browser_user_idx on trusted_browser (user_id)",
  "create table second_factor_policy (user_category text primary key)",
]

export const secondFactorMigration: Migration = {
  name: "0610_second_factors_and_passkeys",
  up: async (db) => {
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
