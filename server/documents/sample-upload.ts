import type { StoredKind } from "../../src/schema/documents/kinds"
import { sampleDocument } from "./sample-documents"

// A multipart upload of the demo files a new submission names, as the public marketplace would send it after
// creating the record (used by `npm run simulate`).

export const UPLOAD_PATHS = {
  application: (uuid: string) => `/api/v1/intake/company-applications/${uuid}/documents/`,
  work: (uuid: string) => `/api/v1/intake/work-requests/${uuid}/photos/`,
  maintenance: (uuid: string) => `/api/v1/intake/maintenance-requests/${uuid}/photos/`,
} as const

export function sampleUploadForm(
  recordUuid: string,
  named: ReadonlyArray<{ readonly name: string; readonly kind: StoredKind }>,
  now: Date,
): FormData {
  const documents = named.map((n) => sampleDocument(recordUuid, n.name, n.kind, now))
  const form = new FormData()
  form.append("documents", JSON.stringify(documents.map((d) => d.facts)))
  for (const d of documents)
    form.append("file", new Blob([new Uint8Array(d.bytes)], { type: d.type }), d.name)
  return form
}
