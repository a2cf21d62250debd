import type { ChecklistEntry, DocumentKind, ServiceCategory } from "../marketplace/marketplace"

// What an application must hold before it is accepted (docs/behaviour.md#documents): one table, read by the
// server (which refuses an accept without an override) and by the application page's checklist.

/** How near its expiry a document is called expiring, and the days before it at which staff are reminded. */
export const DOCUMENT_EXPIRY = {
  warnDays: 30,
  /** Each document reminds once at each of these (0: it has expired). */
  reminderDays: [30, 7, 0],
} as const

/** The documents every application needs, and those a trade adds: "every" or the trades that need it. */
export const REQUIRED_DOCUMENTS: ReadonlyArray<{
  readonly kind: DocumentKind
  readonly for: "every" | ReadonlyArray<ServiceCategory>
}> = [
  { kind: "insurance", for: "every" },
  { kind: "trade_licence", for: "every" },
  { kind: "identity", for: "every" },
  { kind: "registration_certificate", for: "every" },
  { kind: "gas_safe_registration", for: ["heating", "appliance_repair"] },
  { kind: "electrical_certificate", for: ["electrical"] },
]

/** The kinds an application offering these services must hold, in the table's order. */
export const requiredKinds = (services: ReadonlyArray<ServiceCategory>): DocumentKind[] =>
  REQUIRED_DOCUMENTS.filter((r) => r.for === "every" || r.for.some((s) => services.includes(s))).map(
    (r) => r.kind,
  )

/** YYYY-MM-DD, `days` after the given day (UTC, as every day here is). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

export const isoDay = (at: Date): string => at.toISOString().slice(0, 10)

interface HeldDocument {
  readonly kind: string
  readonly expires_on: string | null
}

/** Of several documents of a kind, the one valid longest (one without an expiry beats them all). */
const bestExpiry = (held: ReadonlyArray<HeldDocument>): string | null | undefined => {
  if (held.length === 0) return undefined
  if (held.some((d) => d.expires_on === null)) return null
  return held
    .map((d) => d.expires_on ?? "")
    .sort()
    .at(-1)
}

/** Each required kind as present, missing, expired (its last day is before today) or expiring within the warning. */
export function checklistOf(
  services: ReadonlyArray<ServiceCategory>,
  documents: ReadonlyArray<HeldDocument>,
  today: string,
): ChecklistEntry[] {
  return requiredKinds(services).map((kind) => {
    const expires = bestExpiry(documents.filter((d) => d.kind === kind))
    if (expires === undefined) return { kind, state: "missing", expires_on: null }
    if (expires === null) return { kind, state: "present", expires_on: null }
    const state =
      expires < today
        ? "expired"
        : expires <= addDays(today, DOCUMENT_EXPIRY.warnDays)
          ? "expiring"
          : "present"
    return { kind, state, expires_on: expires }
  })
}

/** What stops a plain accept: a required document missing or expired (an expiring one is only shown). */
export const blockingEntries = (checklist: ReadonlyArray<ChecklistEntry>): ChecklistEntry[] =>
  checklist.filter((e) => e.state === "missing" || e.state === "expired")
