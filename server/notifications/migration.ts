// The notification tables, one migration for PGlite and PostgreSQL alike.
// The list reads (user, channel) newest first and catch-up reads ids above an offset: one index serves both.
// The unread count and the unread filter only ever touch unread rows, so a partial index keeps them small
// however long the history grows.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

const statements = [
  `create table notification (
    id integer generated always as identity primary key,
    user_id integer not null references app_user (id) on delete cascade,
    channel text not null default 'in_app' check (channel in ('in_app', 'push')),
    notification_type text not null check (notification_type in
      ('account_update', 'company_update', 'system', 'system_alert', 'reminder', 'welcome', 'security', 'approval')),
    title text not null,
    message text not null,
    priority text not null check (priority in ('urgent', 'high', 'medium', 'low')),
    is_read boolean not null default false,
    read_at timestamptz,
    sender_name text,
    action_url text,
    created_at timestamptz not null default now()
  )`,
  "create index notification_user_channel_id on notification (user_id, channel, id desc)",
  "create index notification_unread on notification (user_id, channel, id) where not is_read",
  `create table notification_preference (
    id integer generated always as identity primary key,
    user_id integer not null unique references app_user (id) on delete cascade,
    types jsonb not null,
    push_token text,
    updated_at timestamptz not null
  )`,
  `create table device_token (
    id integer generated always as identity primary key,
    user_id integer not null references app_user (id) on delete cascade,
    device_id uuid not null unique,
    device_type text not null check (device_type = 'web'),
    fcm_token text not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  "create index device_token_user on device_token (user_id)",
]

export const notificationsMigration: Migration = {
  name: "0200_notifications",
  up: async (db) => {
    for (const statement of statements) await sql.raw(statement).execute(db)
  },
}
