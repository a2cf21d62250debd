// Files stored with a record. The bytes live in the database, so that every instance serves every file and a
// backup holds them; they are kept in fixed-size chunks (DOCUMENT_CHUNK_BYTES) rather than one bytea value,
// so that neither an upload nor a download ever holds a whole file in memory (a bytea parameter travels as
// hex text, twice its size), and a byte range reads only the chunks it covers.
import { sql } from "kysely"
import type { Migration } from "../db/migrate"

export const recordDocumentsMigration: Migration = {
  name: "0130_record_documents",
  up: async (db) => {
    await sql`
      create table record_document (
        id uuid primary key default gen_random_uuid(),
        record_kind text not null check (record_kind in ('work_request', 'maintenance_request', 'company_application')),
        record_uuid uuid not null,
        kind text not null,
        file_name text not null,
        content_type text not null,
        size integer not null check (size > 0),
        sha256 text not null,
        number text,
        issuer text,
        -- An ISO day as text, as the requests' preferred dates: the two drivers read a date at different midnights.
        expires_on text check (expires_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        uploaded_at timestamptz not null
      )`.execute(db)
    await sql`create index record_document_record_idx on record_document (record_uuid, uploaded_at)`.execute(
      db,
    )
    await sql`
      create table record_document_chunk (
        document_id uuid not null references record_document (id) on delete cascade,
        seq integer not null,
        bytes bytea not null,
        primary key (document_id, seq)
      )`.execute(db)
  },
}
