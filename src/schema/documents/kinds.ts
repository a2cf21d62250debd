import { Schema } from "effect"
import { DocumentKind } from "../marketplace/marketplace"

// What a stored file may be: the kinds of an application's documents (with the facts each kind carries) and
// a request's photos, the types recognised by their bytes, and the limits. One table, read by the server's
// upload check, the API description and the viewer.

/** A file stored against a record: an application's document or a request's photo. */
export const StoredKind = Schema.Literals([...DocumentKind.literals, "photo"])
export type StoredKind = typeof StoredKind.Type

/** The facts a document of a kind states, each asked for on upload when the kind has it. */
export interface KindFacts {
  readonly label: string
  /** Its number (policy, licence, passport or company number). */
  readonly number: boolean
  /** Who issued it (insurer, licensing body, passport office, registrar). */
  readonly issuer: boolean
  /** The last day it is valid on. */
  readonly expires: boolean
}

export const KIND_FACTS: Readonly<Record<StoredKind, KindFacts>> = {
  insurance: { label: "Insurance", number: true, issuer: true, expires: true },
  trade_licence: { label: "Trade licence", number: true, issuer: true, expires: true },
  identity: { label: "Identity", number: true, issuer: true, expires: true },
  registration_certificate: { label: "Registration", number: true, issuer: true, expires: false },
  bank_details: { label: "Bank details", number: false, issuer: false, expires: false },
  reference: { label: "Reference", number: false, issuer: true, expires: false },
  other: { label: "Other document", number: false, issuer: false, expires: false },
  gas_safe_registration: { label: "Gas Safe registration", number: true, issuer: true, expires: true },
  electrical_certificate: { label: "Electrical certificate", number: true, issuer: true, expires: true },
  photo: { label: "Photo", number: false, issuer: false, expires: false },
}

/** The types a stored file may have, as recognised from its first bytes (never from its name). */
export const STORED_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const
export const StoredType = Schema.Literals(STORED_TYPES)
export type StoredType = typeof StoredType.Type

/** The extension a clean file name ends with, by type. */
export const EXTENSION_OF: Readonly<Record<StoredType, string>> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
}

export const isImage = (type: StoredType): boolean => type !== "application/pdf"

export const DOCUMENT_LIMITS = {
  /** One file, refused as soon as the upload passes it. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Files stored against one record, all uploads together. */
  maxFilesPerRecord: 10,
  maxFileNameLength: 200,
  maxNumberLength: 80,
  maxIssuerLength: 160,
  /** How long a viewer's link to a file stays valid. */
  linkTtlSeconds: 600,
} as const
