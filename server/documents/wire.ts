import type { StoredDocument } from "../../src/schema/documents/document"
import type { RecordDocumentTable } from "./tables"

type Row = { [K in keyof RecordDocumentTable]: K extends "id" ? string : RecordDocumentTable[K] }

export const documentToWire = (row: Row): StoredDocument => ({
  id: row.id,
  record_uuid: row.record_uuid,
  kind: row.kind,
  file_name: row.file_name,
  content_type: row.content_type,
  size: row.size,
  sha256: row.sha256,
  number: row.number,
  issuer: row.issuer,
  expires_on: row.expires_on,
  uploaded_at: row.uploaded_at.toISOString(),
})
