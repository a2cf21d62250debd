// Every schema change, in order. Append new migrations at the end; never edit or reorder shipped ones.
// They run in one transaction at start (server/db/migrate.ts), on PGlite and PostgreSQL alike.

import { sql } from "kysely"
import { accountsMigration } from "../accounts/migration"
import { resetRequestMigration } from "../accounts/reset-request-migration"
import { secondFactorMigration } from "../accounts/second-factor/migration"
import { ownAccountMigration } from "../accounts/self-migration"
import { loginDeviceMigration } from "../auth/device-migration"
import { authSessionsMigration } from "../auth/migration"
import { documentChecklistMigration } from "../documents/checklist-migration"
import { recordDocumentsMigration } from "../documents/migration"
import { liveAppendMigration } from "../live/append-migration"
import { liveChangeLogMigration } from "../live/migration"
import { liveSequenceMigration } from "../live/sequence-migration"
import { claimsMigration } from "../marketplace/claims-migration"
import { customerContactMigration } from "../marketplace/customer-contact-migration"
import { marketplaceMigration } from "../marketplace/migration"
import { recordNotesMigration } from "../marketplace/notes-migration"
import { offersMigration } from "../marketplace/offers-migration"
import { queueRemindersMigration } from "../marketplace/reminder-migration"
import { savedViewsMigration } from "../marketplace/saved-views-migration"
import {
  offerStatsMigration,
  offerStatsSkipEmptyMigration,
} from "../marketplace/shortlist/offer-stats-migration"
import { shortlistMigration } from "../marketplace/shortlist/shortlist-migration"
import { notificationArchiveMigration } from "../notifications/archive-migration"
import { notificationsMigration } from "../notifications/migration"
import { presenceMigration } from "../presence/migration"
import { pushMigration } from "../push/migration"
import { reportRollupMigration } from "../reports/migration"
import { reportShardMigration } from "../reports/shard-migration"
import { reportWaitMigration } from "../reports/wait-migration"
import type { Migration } from "./migrate"

export const migrations: readonly Migration[] = [
  {
    name: "0001_server_secret",
    up: async (db) => {
      await sql`
        create table server_secret (
          name text primary key,
          value text not null,
          created_at timestamptz not null default now()
        )`.execute(db)
    },
  },
  {
    name: "0002_auth_users_and_refresh_tokens",
    up: async (db) => {
      await sql`
        create table app_user (
          id integer generated always as identity primary key,
          email text not null unique,
          full_name text not null,
          user_category text not null,
          password_hash text not null,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db)
      await sql`
        create table refresh_token (
          id integer generated always as identity primary key,
          family_id uuid not null,
          user_id integer not null references app_user (id) on delete cascade,
          token_hash text not null unique,
          created_at timestamptz not null,
          expires_at timestamptz not null,
          rotated_at timestamptz,
          successor_id integer references refresh_token (id) on delete set null,
          successor_sealed text,
          revoked_at timestamptz
        )`.execute(db)
      await sql`create index refresh_token_family_idx on refresh_token (family_id)`.execute(db)
      await sql`create index refresh_token_user_idx on refresh_token (user_id)`.execute(db)
    },
  },
  {
    name: "0003_auth_login_failures",
    up: async (db) => {
      await sql`
        create table login_failure (
          id integer generated always as identity primary key,
          email text not null,
          failed_at timestamptz not null
        )`.execute(db)
      await sql`create index login_failure_email_idx on login_failure (email, failed_at)`.execute(db)
    },
  },
  marketplaceMigration,
  notificationsMigration,
  pushMigration,
  authSessionsMigration,
  notificationArchiveMigration,
  claimsMigration,
  presenceMigration,
  queueRemindersMigration,
  liveChangeLogMigration,
  accountsMigration,
  recordDocumentsMigration,
  ownAccountMigration,
  resetRequestMigration,
  loginDeviceMigration,
  documentChecklistMigration,
  savedViewsMigration,
  offersMigration,
  customerContactMigration,
  shortlistMigration,
  recordNotesMigration,
  reportRollupMigration,
  offerStatsMigration,
  liveAppendMigration,
  secondFactorMigration,
  reportWaitMigration,
  reportShardMigration,
  offerStatsSkipEmptyMigration,
  liveSequenceMigration,
]
