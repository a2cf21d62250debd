import { createHash } from "node:crypto"
import type { DocumentFacts } from "../../src/schema/documents/document"
import { KIND_FACTS, type StoredKind, type StoredType } from "../../src/schema/documents/kinds"
import { samplePdf, samplePng } from "./sample-files"

// The files the demo shows: for each document an application names, a one-page PDF (or, for an identity
// document, an image) stating what it is, with a number, an issuer and an expiry where the kind has them; for
// each photo a request names, a small image. Chosen from the record's uuid, so that a reseed makes the same.

const ISSUERS: Readonly<Partial<Record<StoredKind, readonly string[]>>> = {
  insurance: ["Aviva", "Hiscox", "AXA Insurance", "Zurich"],
  trade_licence: ["NICEIC", "Gas Safe Register", "TrustMark", "CHAS"],
  identity: ["HM Passport Office", "DVLA"],
  gas_safe_registration: ["Gas Safe Register"],
  electrical_certificate: ["NICEIC", "NAPIT"],
  registration_certificate: ["Companies House"],
  reference: ["Former customer"],
}

const COLOURS: ReadonlyArray<readonly [number, number, number]> = [
  [176, 190, 197],
  [121, 134, 203],
  [77, 182, 172],
  [255, 183, 77],
  [229, 115, 115],
]

export interface SampleDocument {
  readonly name: string
  readonly type: StoredType
  readonly bytes: Buffer
  readonly facts: DocumentFacts
}

/** A number from 0 to n-1, fixed by the seed text. */
const pick = (seed: string, n: number): number =>
  createHash("sha256").update(seed).digest().readUInt32BE(0) % n

const addDays = (now: Date, days: number): string =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Mostly well in date; one in eight within the 30-day warning, one in sixteen already expired, unless
 * `inDate` (a pending application's: its checklist then shows no expired document to override).
 */
const expiryFor = (seed: string, now: Date, inDate: boolean): string => {
  const roll = pick(`${seed}:expiry`, 16)
  if (roll === 0 && !inDate) return addDays(now, -1 - pick(`${seed}:past`, 60))
  if (roll <= 2) return addDays(now, 1 + pick(`${seed}:soon`, 29))
  return addDays(now, 60 + pick(`${seed}:later`, 600))
}

export function sampleDocument(
  recordUuid: string,
  name: string,
  kind: StoredKind,
  now: Date,
  inDate = false,
): SampleDocument {
  const seed = `${recordUuid}:${name}`
  const has = KIND_FACTS[kind]
  const issuers = ISSUERS[kind] ?? ["Issuer"]
  const facts: DocumentFacts = {
    kind,
    ...(has.number
      ? { number: `${kind.slice(0, 2).toUpperCase()}-${100_000 + pick(`${seed}:n`, 900_000)}` }
      : {}),
    ...(has.issuer ? { issuer: issuers[pick(`${seed}:i`, issuers.length)] ?? "Issuer" } : {}),
    ...(has.expires ? { expires_on: expiryFor(seed, now, inDate) } : {}),
  }
  const image = kind === "photo" || kind === "identity"
  if (image) {
    const colour = (offset: number) => COLOURS[pick(`${seed}:${offset}`, COLOURS.length)] ?? [128, 128, 128]
    return {
      name: name.replace(/\.(jpe?g|webp)$/i, ".png"),
      type: "image/png",
      bytes: samplePng(320, 240, [colour(0), colour(1), colour(2)]),
      facts,
    }
  }
  const lines = [
    has.label,
    ...(facts.number ? [`Number: ${facts.number}`] : []),
    ...(facts.issuer ? [`Issued by: ${facts.issuer}`] : []),
    ...(facts.expires_on ? [`Valid until: ${facts.expires_on}`] : []),
    `File: ${name}`,
    "Demo document generated for the back office.",
  ]
  return { name, type: "application/pdf", bytes: samplePdf(lines), facts }
}
