import { joinFilterList } from "../../schema/marketplace/filter-list"
// A list's filters as the API's parameters (docs/behaviour.md#filters). Apart from ./list-filters, which
// checks values against the wire's lists, so that what only writes parameters (an export of the list on the
// dashboard) does not bring the wire's schemas into the page's first chunk. Pure.

export interface ListFilters {
  readonly urgency?: ReadonlyArray<string>
  readonly area?: ReadonlyArray<string>
  readonly service?: ReadonlyArray<string>
  /** YYYY-MM-DD, inclusive. */
  readonly submitted_from?: string
  readonly submitted_to?: string
  /** Pending records due today or overdue (docs/behaviour.md#planning-the-day). */
  readonly due?: "today" | "overdue"
}

export const MULTI_FILTERS = ["urgency", "area", "service"] as const
export type MultiFilter = (typeof MULTI_FILTERS)[number]
export const DAY_FILTERS = ["submitted_from", "submitted_to"] as const

/** The filters as the API's parameters (and the URL's), leaving out the empty ones. */
export function filterParams(filters: ListFilters | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of MULTI_FILTERS) {
    const values = filters?.[name]
    if (values !== undefined && values.length > 0) out[name] = joinFilterList(values)
  }
  for (const name of DAY_FILTERS) {
    const value = filters?.[name]
    if (value !== undefined && value !== "") out[name] = value
  }
  if (filters?.due !== undefined) out.due = filters.due
  return out
}
