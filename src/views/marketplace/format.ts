import type { ListItem, ListSource } from "../../machines/marketplace/marketplace-types"
import type { AuditEntry, Urgency } from "../../schema/marketplace/marketplace"
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

/**
 * Pence to pounds, for a budget: en-GB's currency format ("£1,234.50"), spelled out for the same reason as the
 * date: the first Intl.NumberFormat took a third of a request's first render on a slow phone (its locale data).
 * A unit test holds it to Intl's output.
 */
export function formatBudget(pence: number | null): string {
  if (pence === null) return "Not given"
  const whole = Math.round(Math.abs(pence))
  const pounds = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${pence < 0 && whole > 0 ? "-" : ""}£${pounds}.${twoDigits(whole % 100)}`
}

export const URGENCY_LABEL: Record<Urgency, string> = {
  low: "Low",
  normal: "Normal",
  high: "High",
  emergency: "Emergency",
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

const NOUN: Record<ListSource, readonly [string, string]> = {
  work: ["work request", "work requests"],
  maintenance: ["maintenance request", "maintenance requests"],
  application: ["company application", "company applications"],
}
/** "work request" for one, "work requests" for any other count. */
export const recordNoun = (source: ListSource, count = 1): string => NOUN[source][count === 1 ? 0 : 1]

/**
 * A row's name where it must be told apart from the others (a checkbox, a batch, a report): titles repeat
 * ("Dishwasher leaking" from two customers), so a request is named with its customer and area.
 */
export const rowLabel = (item: ListItem): string =>
  "company_name" in item
    ? `${item.company_name} (${item.contact_name})`
    : `${item.title} (${item.customer_name}, ${item.area})`

const LIST_NAME: Record<ListSource, string> = {
  work: "work requests",
  maintenance: "maintenance requests",
  application: "applications",
}
/** The list a record of this status is in, and its name as the sidebar gives it ("Approved work requests"). */
export const listOf = (source: ListSource, status: string): { href: string; label: string } => ({
  href: linkTo.list(source, status),
  label: `${status.charAt(0).toUpperCase()}${status.slice(1)} ${LIST_NAME[source]}`,
})

/** "1 candidate", "3 candidates", "0 candidates": the count with its noun in the right number. */
export const plural = (count: number, noun: string, nouns = `${noun}s`): string =>
  `${count.toLocaleString("en-GB")} ${count === 1 ? noun : nouns}`
