import { Schema } from "effect"
import { Timestamp, text, Uuid } from "../marketplace/marketplace"
import { DOCUMENT_LIMITS, StoredKind, StoredType } from "./kinds"

// A stored document on the wire: what the viewer lists, and the facts sent with each file of an upload.

export const IsoDay = Schema.String.check(
  Schema.isPattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: "Expected YYYY-MM-DD" }),
)

/** The facts sent for one file of an upload, in the order of the files. */
export const DocumentFacts = Schema.Struct({
  kind: StoredKind,
  number: Schema.optionalKey(Schema.NullOr(text(DOCUMENT_LIMITS.maxNumberLength, "The number"))),
  issuer: Schema.optionalKey(Schema.NullOr(text(DOCUMENT_LIMITS.maxIssuerLength, "The issuer"))),
  expires_on: Schema.optionalKey(Schema.NullOr(IsoDay)),
})
export type DocumentFacts = typeof DocumentFacts.Type

/** The `documents` field of an upload: one entry per file part that follows it (the count limit is a 413). */
export const UploadFacts = Schema.Array(DocumentFacts)
export type UploadFacts = typeof UploadFacts.Type

export const StoredDocument = Schema.Struct({
  id: Uuid,
  record_uuid: Uuid,
  kind: StoredKind,
  file_name: Schema.String,
  content_type: StoredType,
  size: Schema.Number,
  /** Hex SHA-256 of the bytes, as stored. */
  sha256: Schema.String,
  number: Schema.NullOr(Schema.String),
  issuer: Schema.NullOr(Schema.String),
  expires_on: Schema.NullOr(IsoDay),
  uploaded_at: Timestamp,
})
export type StoredDocument = typeof StoredDocument.Type

/** A document as the viewer gets it: with a link to its bytes that works without the bearer token. */
export const ViewableDocument = Schema.Struct({
  ...StoredDocument.fields,
  /** Path and signed query; valid until `links_expire_at`. */
  url: Schema.String,
})
export type ViewableDocument = typeof ViewableDocument.Type

export const DocumentList = Schema.Struct({
  documents: Schema.Array(ViewableDocument),
  links_expire_at: Timestamp,
})
export type DocumentList = typeof DocumentList.Type

/** What an upload answers: the documents it stored, in the order sent. */
export const UploadResult = Schema.Struct({ documents: Schema.Array(StoredDocument) })
export type UploadResult = typeof UploadResult.Type

/** Path parameters as text: an id that is not a UUID names nothing, so it is a 404 like any unknown one. */
export const RecordDocumentParams = Schema.Struct({ uuid: Schema.String, id: Schema.String })

/** The signed link's query; `download` asks for an attachment rather than inline. */
export const FileQuery = Schema.Struct({
  expires: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^\d{1,12}$/))),
  signature: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,100}$/))),
  download: Schema.optionalKey(Schema.Literals(["1"])),
})
export type FileQuery = typeof FileQuery.Type
