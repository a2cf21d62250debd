import { DEFAULT_ORDERING } from "../../machines/marketplace/list-url"
import type { ListSource } from "../../machines/marketplace/marketplace-types"
import { sortDirection } from "./list-sort"

// The orders a list's menu offers, in words, by kind of record.

const ORDERINGS: ReadonlyArray<readonly [string, string]> = [
  [DEFAULT_ORDERING, "Newest first"],
  ["submitted_at", "Oldest first"],
  ["-decided_at", "Recently decided"],
]
const REQUEST_ORDERINGS: ReadonlyArray<readonly [string, string]> = [
  ...ORDERINGS,
  ["title", "Title A–Z"],
  ["decided_at", "Longest approved first"],
  ["-urgency", "Most urgent"],
]
const APPLICATION_ORDERINGS: ReadonlyArray<readonly [string, string]> = [
  ...ORDERINGS,
  ["company_name", "Company A–Z"],
]

/** "Title (Z to A)": a sort order the menu has no words for, named after its field. */
const orderingLabel = (ordering: string): string => {
  const field = ordering.replace(/^-/, "")
  const name = field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, " ")
  return `${name} (${sortDirection(ordering, field) === "descending" ? "descending" : "ascending"})`
}

/** The menu's orders; a header can sort by one the menu does not list (Title Z–A): the menu then names it too. */
export function orderingsFor(source: ListSource, current: string): ReadonlyArray<readonly [string, string]> {
  const listed = source === "application" ? APPLICATION_ORDERINGS : REQUEST_ORDERINGS
  return listed.some(([value]) => value === current) ? listed : [...listed, [current, orderingLabel(current)]]
}
