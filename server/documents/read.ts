import { sql } from "kysely"
import type { StoredDocument } from "../../src/schema/documents/document"
import { notFound } from "../errors"
import type { Db } from "../marketplace/db"
import { DOCUMENT_CHUNK_BYTES, isUuid } from "./store"
import { documentToWire } from "./wire"

// Reading stored documents: a record's list, one document of one record (a document of another record is
// not found, whatever its id), and its bytes as a stream of chunks, whole or one range.

/** Whether any record (application or request) has this uuid. */
export async function recordExists(db: Db, uuid: string): Promise<boolean> {
  if (!isUuid(uuid)) return false
  const [application, request] = await Promise.all([
    db.selectFrom("company_application").select("id").where("uuid", "=", uuid).executeTakeFirst(),
    db.selectFrom("service_request").select("id").where("uuid", "=", uuid).executeTakeFirst(),
  ])
  return application !== undefined || request !== undefined
}

export async function listDocuments(db: Db, recordUuid: string): Promise<StoredDocument[]> {
  if (!(await recordExists(db, recordUuid))) throw notFound("No such record.")
  const rows = await db
    .selectFrom("record_document")
    .selectAll()
    .where("record_uuid", "=", recordUuid)
    .orderBy("uploaded_at")
    .orderBy("file_name")
    .execute()
  return rows.map(documentToWire)
}

export async function findDocument(db: Db, recordUuid: string, id: string): Promise<StoredDocument> {
  if (!isUuid(recordUuid) || !isUuid(id)) throw notFound("No such document.")
  const row = await db
    .selectFrom("record_document")
    .selectAll()
    .where("id", "=", id)
    .where("record_uuid", "=", recordUuid)
    .executeTakeFirst()
  if (!row) throw notFound("No such document.")
  return documentToWire(row)
}

/** Bytes start..end (inclusive) of a document, one stored chunk per query. */
export async function* documentBytes(db: Db, id: string, start: number, end: number): AsyncGenerator<Buffer> {
  const first = Math.floor(start / DOCUMENT_CHUNK_BYTES)
  const last = Math.floor(end / DOCUMENT_CHUNK_BYTES)
  for (let seq = first; seq <= last; seq++) {
    // As base64 text, for the same reason as the upload (./store.ts): both drivers decode bytea slowly.
    const row = await db
      .selectFrom("record_document_chunk")
      .select(sql<string>`encode(bytes, 'base64')`.as("base64"))
      .where("document_id", "=", id)
      .where("seq", "=", seq)
      .executeTakeFirstOrThrow()
    const bytes = Buffer.from(row.base64, "base64")
    const from = seq === first ? start - seq * DOCUMENT_CHUNK_BYTES : 0
    const to = seq === last ? end - seq * DOCUMENT_CHUNK_BYTES + 1 : bytes.length
    yield bytes.subarray(from, to)
  }
}
