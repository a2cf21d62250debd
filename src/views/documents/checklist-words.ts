import { DOCUMENT_EXPIRY } from "../../schema/documents/checklist"
import { KIND_FACTS } from "../../schema/documents/kinds"
import type { ChecklistEntry } from "../../schema/marketplace/marketplace"

// How a checklist entry reads (docs/behaviour.md#documents): its word first, so that colour is never the only sign.

export const STATE_WORD: Readonly<Record<ChecklistEntry["state"], string>> = {
  present: "Present",
  missing: "Missing",
  expired: "Expired",
  expiring: "Expiring",
}

export const entryLabel = (entry: ChecklistEntry): string => KIND_FACTS[entry.kind].label

/** "Expired on 2026-10-01", "Expires on 2026-12-01, within 30 days", or nothing to add. */
export function entryNote(entry: ChecklistEntry): string | null {
  if (entry.expires_on === null) return null
  if (entry.state === "expired") return `Expired on ${entry.expires_on}`
  if (entry.state === "expiring")
    return `Expires on ${entry.expires_on}, within ${DOCUMENT_EXPIRY.warnDays} days`
  return `Valid until ${entry.expires_on}`
}

/** What an override goes past, for the dialog: "Insurance missing, Identity expired". */
export const blockingSentence = (entries: ReadonlyArray<ChecklistEntry>): string =>
  entries.map((e) => `${entryLabel(e)} ${STATE_WORD[e.state].toLowerCase()}`).join(", ")
