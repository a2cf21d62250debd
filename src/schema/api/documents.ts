import { Schema } from "effect"
import { DocumentList, FileQuery, RecordDocumentParams, UploadResult } from "../documents/document"
import { DOCUMENT_LIMITS, STORED_TYPES } from "../documents/kinds"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { UuidParams } from "./params"

// Stored documents: the intake API's uploads (an application's documents, a request's photos) and what staff
// read of them. An upload is multipart/form-data: a `documents` field (JSON, one entry of facts per file)
// before the `file` parts, in the same order; photos need no facts.

/** The multipart body of an upload, as the reference page describes it. */
const UploadForm = Schema.Struct({
  documents: Schema.optionalKey(
    Schema.String.annotate({
      description:
        'JSON: one entry per file, in order, e.g. [{"kind":"insurance","number":"PL-1","issuer":"Aviva","expires_on":"2027-01-31"}]. Kinds with a number, an issuer or an expiry need them; photos need no entry.',
    }),
  ),
  file: Schema.Array(Schema.String).annotate({
    description: `The files: ${STORED_TYPES.join(", ")}, recognised by their bytes; at most ${DOCUMENT_LIMITS.maxFileBytes / 1024 / 1024} MB each and ${DOCUMENT_LIMITS.maxFilesPerRecord} per record.`,
  }),
})

const upload = <const P extends `/${string}`>(path: P) =>
  endpoint({
    method: "POST",
    path,
    callers: "intake",
    params: UuidParams,
    payload: UploadForm,
    payloadKind: "multipart",
    success: UploadResult,
    successStatus: 201,
    errors: [400, 401, 403, 404, 413, 415, 503],
  })

export const documentsApi = group("documents", {
  applicationDocuments: upload("/api/v1/intake/company-applications/:uuid/documents/"),
  workRequestPhotos: upload("/api/v1/intake/work-requests/:uuid/photos/"),
  maintenanceRequestPhotos: upload("/api/v1/intake/maintenance-requests/:uuid/photos/"),
  list: endpoint({
    method: "GET",
    path: "/api/v1/records/:uuid/documents/",
    callers: "staff",
    params: UuidParams,
    success: DocumentList,
    errors: [401, 403, 404],
  }),
  file: endpoint({
    method: "GET",
    path: "/api/v1/records/:uuid/documents/:id/",
    callers: "staff",
    params: RecordDocumentParams,
    query: FileQuery,
    success: Schema.Uint8Array,
    successKind: "file",
    errors: [400, 401, 403, 404, 416],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const documentsDocs = {
  description:
    "Files stored with a record: an application's documents (insurance, licences, identity, registration) and a request's photos. Uploads come through the intake API; staff list them with short-lived signed links that a browser opens without the bearer token.",
  summaries: {
    applicationDocuments: "Stores documents for a company application (multipart/form-data).",
    workRequestPhotos: "Stores photos for a work request (multipart/form-data).",
    maintenanceRequestPhotos: "Stores photos for a maintenance request (multipart/form-data).",
    list: "Lists a record's documents, each with a signed link valid for a few minutes.",
    file: "Serves a document's bytes inline (or as a download), with byte ranges; a bearer token or the signed link's query.",
  },
} satisfies GroupDocs<typeof documentsApi>
