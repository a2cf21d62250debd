import type { AuditEntry } from "../../schema/marketplace/marketplace"
import { linkTo } from "../../schema/system/app-routes"

// How marketplace values read on screen. Pure, so a view only calls them.

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000

// en-GB's medium date and short time ("5 Sept 2026, 09:07"), spelled out: toLocaleString built a formatter per
// call, and even one Intl.DateTimeFormat costs its locale data on first use, together a tenth of the
// dashboard's start-up CPU (its activity list formats a date per row). A unit test holds it to Intl's output.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"]
const twoDigits = (n: number) => String(n).padStart(2, "0")

export function formatWhen(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const date = `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`
  return `${date}, ${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`
}

/** "3 days", "5 hours", "12 minutes": how long something has waited. */
export function ageOf(iso: string, now: number): string {
  const ms = Math.max(0, now - new Date(iso).getTime())
  const [n, unit] =
    ms >= DAY
      ? [Math.floor(ms / DAY), "day"]
      : ms >= HOUR
        ? [Math.floor(ms / HOUR), "hour"]
        : [Math.floor(ms / MINUTE), "minute"]
  return `${n} ${unit}${n === 1 ? "" : "s"}`
}

const ACTION_LABEL: Record<AuditEntry["action"], string> = {
  submitted: "Submitted",
  approved: "Approved",
  rejected: "Rejected",
  accepted: "Accepted",
  reopened: "Reopened",
  providers_selected: "Providers chosen",
  assigned: "Assigned",
  unassigned: "Unassigned",
  information_requested: "Information requested",
  documents_received: "Documents received",
  offer_accepted: "Offer accepted",
  offer_declined: "Offer declined",
  offer_expired: "Offer expired",
  offer_withdrawn: "Offer withdrawn",
  providers_offered: "More providers offered",
  note_added: "Note added",
}
export const auditActionLabel = (action: AuditEntry["action"]): string => ACTION_LABEL[action]

export const recordPath = (entry: Pick<AuditEntry, "record_kind" | "record_uuid">): string =>
  linkTo.record(entry.record_kind, entry.record_uuid)
