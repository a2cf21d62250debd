import { createHash } from "node:crypto"
import type { Kysely } from "kysely"
import type { StoredKind } from "../../src/schema/documents/kinds"
import type { RecordKind } from "../../src/schema/marketplace/marketplace"
import type { Database } from "../db/schema"
import type { SeedContext, SeedReport } from "../db/seed"
import { type SampleDocument, sampleDocument } from "./sample-documents"

// Demo files for the seeded records: each document an application names and each photo a request names gets
// a small real file (./sample-documents.ts). A record that already has stored files is kept as it is.

interface Wanted {
  readonly recordKind: RecordKind
  readonly recordUuid: string
  readonly documents: readonly SampleDocument[]
  readonly at: Date
}

export async function seedDocuments(db: Kysely<Database>, context: SeedContext): Promise<SeedReport> {
  const held = new Set(
    (await db.selectFrom("record_document").select("record_uuid").distinct().execute()).map(
      (r) => r.record_uuid,
    ),
  )
  const applications = await db
    .selectFrom("company_application")
    .select(["uuid", "documents", "submitted_at", "status"])
    .execute()
  const requests = await db
    .selectFrom("service_request")
    .select(["uuid", "kind", "photos", "submitted_at"])
    .execute()
  const wanted: Wanted[] = [
    ...applications.map((a) => ({
      recordKind: "company_application" as const,
      recordUuid: a.uuid,
      documents: a.documents.map((d) =>
        sampleDocument(a.uuid, d.name, d.kind as StoredKind, context.now, a.status === "pending"),
      ),
      at: a.submitted_at,
    })),
    ...requests.map((r) => ({
      recordKind: r.kind === "work" ? ("work_request" as const) : ("maintenance_request" as const),
      recordUuid: r.uuid,
      documents: r.photos.map((name) => sampleDocument(r.uuid, name, "photo", context.now)),
      at: r.submitted_at,
    })),
  ].filter((w) => w.documents.length > 0)
  let created = 0
  let kept = 0
  await db.transaction().execute(async (tx) => {
    for (const record of wanted) {
      if (held.has(record.recordUuid)) {
        kept += 1
        continue
      }
      for (const document of record.documents) {
        const row = await tx
          .insertInto("record_document")
          .values({
            record_kind: record.recordKind,
            record_uuid: record.recordUuid,
            kind: document.facts.kind,
            file_name: document.name,
            content_type: document.type,
            size: document.bytes.length,
            sha256: createHash("sha256").update(document.bytes).digest("hex"),
            number: document.facts.number ?? null,
            issuer: document.facts.issuer ?? null,
            expires_on: document.facts.expires_on ?? null,
            uploaded_at: record.at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
        await tx
          .insertInto("record_document_chunk")
          .values({ document_id: row.id, seq: 0, bytes: document.bytes })
          .execute()
      }
      created += 1
    }
  })
  return { name: "demo documents (records with files)", created, kept }
}
