// The marketplace tables, one migration for PGlite and PostgreSQL alike.
// Indexes follow the list queries: every list filters by status (and kind) and orders by one column with the
// id as a tie-breaker, so each (kind, status, column, id) index serves a page without sorting the table.
// Nullable columns are indexed in the direction they are mostly read (latest decision, highest budget first).
// Search is a contains-match on a lowercased `search_text` column: no trigram extension is assumed, and a
// scan of one status partition stays in tens of milliseconds at 100,000 rows (bench/list-page.ts).

import { sql } from "kysely"
import type { Migration } from "../db/migrate"

const statements = /* sql */ `
create table company_application (
  id serial primary key,
  uuid uuid not null unique default gen_random_uuid(),
  company_name text not null,
  contact_name text not null,
  contact_email text not null,
  contact_phone text not null,
  services_offered text[] not null,
  service_area text[] not null,
  registration_number text not null,
  documents jsonb not null default '[]',
  submitted_at timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
  decided_at timestamptz,
  decided_by_user_id integer references app_user (id),
  decided_by_name text,
  reason text,
  search_text text not null
);
create index company_application_status_submitted on company_application (status, submitted_at, id);
create index company_application_status_decided on company_application (status, decided_at desc nulls last, id desc);
create index company_application_status_name on company_application (status, company_name, id);
create index company_application_submitted on company_application (submitted_at, id);

create table service_request (
  id serial primary key,
  uuid uuid not null unique default gen_random_uuid(),
  kind text not null check (kind in ('work', 'maintenance')),
  title text not null,
  description text not null,
  customer_name text not null,
  location text not null,
  area text not null,
  service_category text not null,
  urgency text not null check (urgency in ('low', 'normal', 'high', 'emergency')),
  urgency_rank smallint not null,
  -- ISO days as text: the pg and PGlite drivers turn a date column into Dates at different midnights.
  preferred_from text check (preferred_from ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  preferred_to text check (preferred_to ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  budget_pence integer check (budget_pence >= 0),
  photos text[] not null default '{}',
  submitted_at timestamptz not null default now(),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decided_at timestamptz,
  decided_by_user_id integer references app_user (id),
  decided_by_name text,
  reason text,
  providers_selected_at timestamptz,
  providers_selected_by_user_id integer references app_user (id),
  providers_selected_by_name text,
  search_text text not null
);
create index service_request_status_submitted on service_request (kind, status, submitted_at, id);
create index service_request_status_decided on service_request (kind, status, decided_at desc nulls last, id desc);
create index service_request_status_title on service_request (kind, status, title, id);
create index service_request_status_urgency on service_request (kind, status, urgency_rank, id);
create index service_request_status_budget on service_request (kind, status, budget_pence desc nulls last, id desc);
create index service_request_submitted on service_request (kind, submitted_at, id);

create table provider (
  id serial primary key,
  uuid uuid not null unique default gen_random_uuid(),
  company_name text not null,
  services text[] not null,
  service_area text[] not null,
  rating double precision check (rating between 1 and 5),
  current_load integer not null default 0 check (current_load >= 0),
  active boolean not null default true,
  application_id integer unique references company_application (id),
  created_at timestamptz not null default now(),
  search_text text not null
);
create index provider_services on provider using gin (services);
create index provider_name on provider (company_name, id);

create table service_request_provider (
  request_id integer not null references service_request (id) on delete cascade,
  provider_id integer not null references provider (id),
  position smallint not null,
  primary key (request_id, provider_id)
);
create index service_request_provider_provider on service_request_provider (provider_id);

create table marketplace_audit (
  id serial primary key,
  record_kind text not null,
  record_uuid uuid not null,
  record_title text not null,
  actor_user_id integer references app_user (id),
  actor_name text not null,
  action text not null,
  from_status text,
  to_status text,
  reason text,
  details jsonb not null default '{}',
  at timestamptz not null default now()
);
create index marketplace_audit_record on marketplace_audit (record_uuid, id);
create index marketplace_audit_at on marketplace_audit (at desc, id desc);
`

export const marketplaceMigration: Migration = {
  name: "0100_marketplace_tables",
  up: async (db) => {
    // PGlite prepares one statement at a time.
    for (const statement of statements.split(";").map((s) => s.trim())) {
      if (statement) await sql.raw(statement).execute(db)
    }
  },
}
