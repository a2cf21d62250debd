// fast-check generators for the headers of a hostile request: credentials (good, forged, missing), content
// types, origins and whatever else a client might send.
import fc from "fast-check"

// ─── Headers ────────────────────────────────────────────────────────────────────────────────────────────

export type Who = "admin" | "coordinator" | "viewer"

export type AuthChoice =
  | { readonly kind: "valid"; readonly who: Who }
  | { readonly kind: "none" }
  | { readonly kind: "raw"; readonly value: string }
  | { readonly kind: "tampered"; readonly who: Who }

/** Printable header text (no CR/LF: those cannot cross HTTP/1.1 at all). */
const headerText = fc.string({ unit: "grapheme-ascii", maxLength: 60 })

const who = fc.constantFrom<Who>("admin", "coordinator", "viewer")

export const authChoice: fc.Arbitrary<AuthChoice> = fc.oneof(
  { weight: 8, arbitrary: who.map((w) => ({ kind: "valid" as const, who: w })) },
  { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        headerText.map((s) => `Bearer ${s}`),
        headerText,
      )
      .map((value) => ({ kind: "raw" as const, value })),
  },
  { weight: 1, arbitrary: who.map((w) => ({ kind: "tampered" as const, who: w })) },
)

const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json, text/plain",
  "application/json; charset=latin1",
  "application/xml",
  "application/merge-patch+json",
  "*/*",
]

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 14, arbitrary: fc.constant("application/json") },
  { weight: 2, arbitrary: fc.constant("application/json; charset=utf-8") },
  { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: headerText },
)

export type OriginChoice = "none" | "self" | "allowed" | { readonly raw: string }

export const originChoice: fc.Arbitrary<OriginChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.constant("none" as const) },
  { weight: 2, arbitrary: fc.constant("self" as const) },
  { weight: 1, arbitrary: fc.constant("allowed" as const) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.webUrl(),
        fc.constantFrom("null", "https://evil.example", "http://localhost.evil"),
        headerText,
      )
      .map((raw) => ({ raw })),
  },
)

const EXTRA_HEADERS = [
  "host",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "x-intake-key",
  "accept",
  "accept-encoding",
  "accept-language",
  "if-none-match",
  "range",
  "cookie",
  "x-http-method-override",
  "connection",
]

/** A few more headers, with any printable value. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.oneof(fc.constantFrom(...EXTRA_HEADERS), fc.stringMatching(/^x-[a-z-]{1,12}$/)),
  headerText,
  { maxKeys: 3 },
)
