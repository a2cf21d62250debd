import { type DocumentFacts, UploadFacts } from "../../src/schema/documents/document"
import { DOCUMENT_LIMITS, KIND_FACTS } from "../../src/schema/documents/kinds"
import type { RecordKind } from "../../src/schema/marketplace/marketplace"
import { invalid, tooLarge } from "../errors"
import { decodeOr400 } from "../http/decode"

// The facts sent with an upload's files: JSON that decodes, one entry per file, kinds that belong to the
// record (an application's documents, a request's photos), and for each kind exactly the facts it has.

const FACT_WORDS = {
  number: "a number",
  issuer: "an issuer",
  expires: "an expiry date (expires_on)",
} as const

function checkOne(fact: DocumentFacts, index: number, recordKind: RecordKind): void {
  const at = `documents[${index}]`
  const photo = fact.kind === "photo"
  if (photo !== (recordKind !== "company_application"))
    throw invalid(
      `${at}.kind: ${photo ? "An application takes documents, not photos" : "A request takes photos only"}.`,
    )
  const has = KIND_FACTS[fact.kind]
  const given = { number: fact.number ?? null, issuer: fact.issuer ?? null, expires: fact.expires_on ?? null }
  for (const key of ["number", "issuer", "expires"] as const) {
    if (has[key] && given[key] === null) throw invalid(`${at}: ${has.label} needs ${FACT_WORDS[key]}.`)
    if (!has[key] && given[key] !== null) throw invalid(`${at}: ${has.label} has no ${FACT_WORDS[key]}.`)
  }
}

/** The decoded facts, or null when none were sent; throws a 400 naming the entry that is wrong. */
export function parseFacts(text: string | null, recordKind: RecordKind): readonly DocumentFacts[] | null {
  if (text === null) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw invalid("documents: Malformed JSON.")
  }
  if (Array.isArray(json) && json.length > DOCUMENT_LIMITS.maxFilesPerRecord)
    throw tooLarge(`Send at most ${DOCUMENT_LIMITS.maxFilesPerRecord} files in one upload.`)
  const facts = decodeOr400(UploadFacts, json)
  facts.forEach((fact, index) => {
    checkOne(fact, index, recordKind)
  })
  return facts
}

/** One entry of facts per file: an application must say what each document is; photos need nothing. */
export function factsForFiles(
  facts: readonly DocumentFacts[] | null,
  fileCount: number,
  recordKind: RecordKind,
): readonly DocumentFacts[] {
  if (fileCount === 0) throw invalid("file: Send at least one file.")
  if (facts === null && recordKind !== "company_application")
    return Array.from({ length: fileCount }, () => ({ kind: "photo" as const }))
  if (facts === null || facts.length !== fileCount)
    throw invalid(`documents: Give one entry per file (${fileCount} files, ${facts?.length ?? 0} entries).`)
  return facts
}
