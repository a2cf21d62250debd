import type { Generated } from "kysely"
import type { StoredKind, StoredType } from "../../src/schema/documents/kinds"
import type { RecordKind } from "../../src/schema/marketplace/marketplace"

export interface RecordDocumentTable {
  id: Generated<string>
  record_kind: RecordKind
  record_uuid: string
  kind: StoredKind
  file_name: string
  content_type: StoredType
  size: number
  sha256: string
  number: string | null
  issuer: string | null
  /** YYYY-MM-DD, the last day it is valid on. */
  expires_on: string | null
  uploaded_at: Date
}

export interface RecordDocumentChunkTable {
  document_id: string
  seq: number
  bytes: Uint8Array
}

/** One reminder sent for a document at a threshold (days before its expiry; 0 once expired). */
export interface DocumentExpiryReminderTable {
  document_id: string
  threshold_days: number
  reminded_at: Date
}

export interface DocumentTables {
  record_document: RecordDocumentTable
  record_document_chunk: RecordDocumentChunkTable
  document_expiry_reminder: DocumentExpiryReminderTable
}
