import { addDays, DOCUMENT_EXPIRY, isoDay } from "../../src/schema/documents/checklist"
import { KIND_FACTS, type StoredKind } from "../../src/schema/documents/kinds"
import type { Candidate, LeftOutCandidate } from "../../src/schema/marketplace/candidates"
import type { Db } from "../marketplace/db"

// The provider selection and the documents behind each provider (docs/behaviour.md#documents): a company
// whose insurance has expired is left out, saying why; one with a document expired or expiring within
// DOCUMENT_EXPIRY.warnDays is marked. A kind's longest-valid document counts (one without an expiry beats all).

export interface Screened {
  readonly kept: Candidate[]
  readonly leftOut: LeftOutCandidate[]
}

export async function screenCandidates(
  db: Db,
  candidates: ReadonlyArray<Candidate>,
  now: Date,
): Promise<Screened> {
  const applications = candidates.flatMap((c) => (c.application_uuid === null ? [] : [c.application_uuid]))
  if (applications.length === 0) return { kept: [...candidates], leftOut: [] }
  const rows = await db
    .selectFrom("record_document")
    .select(["record_uuid", "kind", "expires_on"])
    .where("record_uuid", "in", applications)
    .execute()
  // application uuid → kind → the last valid day (null: never expires)
  const best = new Map<string, Map<StoredKind, string | null>>()
  for (const row of rows) {
    const kinds = best.get(row.record_uuid) ?? new Map<StoredKind, string | null>()
    const held = kinds.get(row.kind)
    // ISO days order as text: the later of the two is the longer valid.
    const longer =
      held === undefined
        ? row.expires_on
        : held === null || row.expires_on === null
          ? null
          : ([held, row.expires_on].sort().at(-1) ?? null)
    kinds.set(row.kind, longer)
    best.set(row.record_uuid, kinds)
  }
  const today = isoDay(now)
  const soon = addDays(today, DOCUMENT_EXPIRY.warnDays)
  const kept: Candidate[] = []
  const leftOut: LeftOutCandidate[] = []
  for (const candidate of candidates) {
    const kinds = candidate.application_uuid === null ? undefined : best.get(candidate.application_uuid)
    const insurance = kinds?.get("insurance")
    if (typeof insurance === "string" && insurance < today) {
      leftOut.push({
        uuid: candidate.uuid,
        company_name: candidate.company_name,
        reason: `Insurance expired on ${insurance}`,
      })
      continue
    }
    const warnings = [...(kinds ?? new Map<StoredKind, string | null>())].flatMap(([kind, day]) =>
      day === null || day > soon
        ? []
        : [`${KIND_FACTS[kind].label} ${day < today ? "expired" : "expires"} on ${day}`],
    )
    kept.push(warnings.length === 0 ? candidate : { ...candidate, document_warnings: warnings })
  }
  return { kept: kept.map((c, i) => ({ ...c, rank: i + 1 })), leftOut }
}
