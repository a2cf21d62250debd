import type { ListSource } from "../../machines/marketplace/marketplace-types"
import { APPLICATION_ORDERING, REQUEST_ORDERING } from "../../schema/marketplace/marketplace-input"

// Sorting a list by a column (docs/behaviour.md#finding-things). Only the fields the server accepts as
// `ordering` can be sorted by, so a header never asks for an order the server would refuse. "-field" is
// descending.

export type SortDirection = "ascending" | "descending" | "none"

/** The fields each list sorts by. */
export const sortableFields = (source: ListSource): ReadonlyArray<string> =>
  source === "application" ? APPLICATION_ORDERING : REQUEST_ORDERING

/** Dates and urgency read best newest or most urgent first; names from A. */
const FIRST_DESCENDING: ReadonlySet<string> = new Set(["submitted_at", "decided_at", "urgency", "budget"])

/** The direction a column is sorted in by this ordering. */
export const sortDirection = (ordering: string, field: string): SortDirection =>
  ordering === field ? "ascending" : ordering === `-${field}` ? "descending" : "none"

/** A click on a column's header: its first direction, then the other way each time. */
export const nextOrdering = (ordering: string, field: string): string => {
  const now = sortDirection(ordering, field)
  if (now === "ascending") return `-${field}`
  if (now === "descending") return field
  return FIRST_DESCENDING.has(field) ? `-${field}` : field
}
