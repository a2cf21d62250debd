import { createReadStream } from "node:fs"
import { sql } from "kysely"
import type { DocumentFacts, StoredDocument } from "../../src/schema/documents/document"
import { DOCUMENT_LIMITS } from "../../src/schema/documents/kinds"
import type { RecordKind } from "../../src/schema/marketplace/marketplace"
import { notFound, tooLarge } from "../errors"
import type { Db } from "../marketplace/db"
import { documentsReceived } from "./received"
import type { SpooledFile } from "./spool"
import { documentToWire } from "./wire"

// Stores an upload's files against one record in one transaction: the record is locked, so two uploads at
// once cannot together pass the per-record limit, and a failure anywhere (a limit, the database going away)
// leaves nothing behind. Each file is copied from its temporary file in DOCUMENT_CHUNK_BYTES pieces.

/** The size of a stored chunk: a byte range is served from the chunks it covers. */
export const DOCUMENT_CHUNK_BYTES = 512 * 1024

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string): boolean => UUID.test(value)

/** Locks the record's row for the transaction (or just finds it); 404 when there is no such record. */
export async function lockRecord(db: Db, recordKind: RecordKind, uuid: string, lock: boolean): Promise<void> {
  if (!isUuid(uuid)) throw notFound("No such record.")
  const found =
    recordKind === "company_application"
      ? await db
          .selectFrom("company_application")
          .select("id")
          .where("uuid", "=", uuid)
          .$if(lock, (q) => q.forUpdate())
          .executeTakeFirst()
      : await db
          .selectFrom("service_request")
          .select("id")
          .where("uuid", "=", uuid)
          .where("kind", "=", recordKind === "work_request" ? "work" : "maintenance")
          .$if(lock, (q) => q.forUpdate())
          .executeTakeFirst()
  if (!found) throw notFound("No such record.")
}

async function* fixedChunks(path: string): AsyncGenerator<Buffer> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  for await (const read of createReadStream(path, {
    highWaterMark: DOCUMENT_CHUNK_BYTES,
  }) as AsyncIterable<Buffer>) {
    pending.push(read)
    pendingBytes += read.length
    while (pendingBytes >= DOCUMENT_CHUNK_BYTES) {
      const joined = Buffer.concat(pending)
      yield joined.subarray(0, DOCUMENT_CHUNK_BYTES)
      const rest = joined.subarray(DOCUMENT_CHUNK_BYTES)
      pending = rest.length > 0 ? [rest] : []
      pendingBytes = rest.length
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending)
}

export interface StoreInput {
  readonly recordKind: RecordKind
  readonly recordUuid: string
  readonly files: ReadonlyArray<{ readonly file: SpooledFile; readonly facts: DocumentFacts }>
  readonly now: Date
}

export function storeDocuments(db: Db, input: StoreInput): Promise<StoredDocument[]> {
  return db.transaction().execute(async (tx) => {
    await lockRecord(tx, input.recordKind, input.recordUuid, true)
    const { n } = await tx
      .selectFrom("record_document")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("record_uuid", "=", input.recordUuid)
      .executeTakeFirstOrThrow()
    const held = Number(n)
    if (held + input.files.length > DOCUMENT_LIMITS.maxFilesPerRecord)
      throw tooLarge(
        `A record holds at most ${DOCUMENT_LIMITS.maxFilesPerRecord} files; this one has ${held}, and ${input.files.length} more were sent.`,
      )
    const stored: StoredDocument[] = []
    for (const { file, facts } of input.files) {
      const row = await tx
        .insertInto("record_document")
        .values({
          record_kind: input.recordKind,
          record_uuid: input.recordUuid,
          kind: facts.kind,
          file_name: file.fileName,
          content_type: file.contentType,
          size: file.size,
          sha256: file.sha256,
          number: facts.number?.trim() ?? null,
          issuer: facts.issuer?.trim() ?? null,
          expires_on: facts.expires_on ?? null,
          uploaded_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      let seq = 0
      // As base64 text decoded by the database: PGlite turns a bytea parameter into hex a byte at a time in
      // JavaScript, about ten times slower than Node's base64 and the database's decode (bench/uploads.ts).
      for await (const chunk of fixedChunks(file.path)) {
        const bytes = sql<Uint8Array>`decode(${chunk.toString("base64")}, 'base64')`
        await tx
          .insertInto("record_document_chunk")
          .values({ document_id: row.id, seq: seq++, bytes })
          .execute()
      }
      stored.push(documentToWire(row))
    }
    await documentsReceived(tx, input.recordKind, input.recordUuid, stored, input.now)
    return stored
  })
}
