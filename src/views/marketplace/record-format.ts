import type { ListItem, ListSource } from "../../machines/marketplace/marketplace-types"
import type { Urgency } from "../../schema/marketplace/marketplace"
import { linkTo } from "../../schema/system/app-routes"

// How a record reads in the lists, its page and the provider choice. Pure, so a view only calls them. Apart from
// ./format.ts, which the dashboard shares: that one is in what every signed-in page loads before it shows.

const twoDigits = (n: number) => String(n).padStart(2, "0")

/**
 * Pence to pounds, for a budget: en-GB's currency format ("£1,234.50"), spelled out for the same reason as the
 * date (./format.ts): the first Intl.NumberFormat took a third of a request's first render on a slow phone (its locale data).
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
