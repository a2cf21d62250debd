import { Schema } from "effect"
import { splitFilterList } from "./filter-list"
import { SERVICE_CATEGORIES, URGENCY_ORDER } from "./marketplace"

// The filters every record list takes besides status, search and assignee (docs/behaviour.md#filters): each
// a comma-separated list of values (any of them matches), and a range of submission days. The same names
// serve the list, its facet counts, its CSV export and a saved view.

export const FILTER_LIMITS = {
  /** An area name as the intake accepts it. */
  maxAreaLength: 80,
  maxAreas: 30,
} as const

const alternatives = (values: ReadonlyArray<string>): string => values.join("|")
/** "high,emergency": one or more of the known values, separated by commas. */
const commaListOf = (values: ReadonlyArray<string>) =>
  Schema.String.check(
    Schema.isPattern(new RegExp(`^(${alternatives(values)})(,(${alternatives(values)}))*$`), {
      message: `Expected one or more of ${values.join(", ")}, separated by commas`,
    }),
  )

// A comma or a backslash inside a name is written after a backslash (./filter-list.ts).
const areaChar = "(?:[^,\\\\]|\\\\[,\\\\])"
const areaName = `(?:[^,\\\\\\s]|\\\\[,\\\\])${areaChar}{0,${FILTER_LIMITS.maxAreaLength - 1}}`
export const AreaList = Schema.String.check(
  Schema.isPattern(new RegExp(`^${areaName}(,${areaName}){0,${FILTER_LIMITS.maxAreas - 1}}$`), {
    message: `Expected up to ${FILTER_LIMITS.maxAreas} area names of at most ${FILTER_LIMITS.maxAreaLength} characters, separated by commas`,
  }),
)
export const UrgencyList = commaListOf(URGENCY_ORDER)
export const ServiceList = commaListOf(SERVICE_CATEGORIES)
const Day = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: "Expected a date written YYYY-MM-DD" }),
)

/**
 * Pending records due today (they become overdue before midnight UTC) or overdue already, as the plan of the
 * day counts them (docs/behaviour.md#planning-the-day).
 */
export const DUE_FILTERS = ["today", "overdue"] as const
export const DueFilter = Schema.Literals(DUE_FILTERS)
export type DueFilter = typeof DueFilter.Type

/** The filters of a request list (work or maintenance). */
export const RequestFilterFields = {
  urgency: Schema.optionalKey(UrgencyList),
  area: Schema.optionalKey(AreaList),
  service: Schema.optionalKey(ServiceList),
  submitted_from: Schema.optionalKey(Day),
  submitted_to: Schema.optionalKey(Day),
  due: Schema.optionalKey(DueFilter),
}

/** The filters of the company applications: the services they offer and the areas they serve. */
export const ApplicationFilterFields = {
  area: Schema.optionalKey(AreaList),
  service: Schema.optionalKey(ServiceList),
  submitted_from: Schema.optionalKey(Day),
  submitted_to: Schema.optionalKey(Day),
  due: Schema.optionalKey(DueFilter),
}

export const REQUEST_FILTERS = ["urgency", "area", "service", "submitted_from", "submitted_to"] as const
export const APPLICATION_FILTERS = ["area", "service", "submitted_from", "submitted_to"] as const
export type FilterName = (typeof REQUEST_FILTERS)[number]
/** The multi-select filters, whose values a list counts (`facets=true`). */
export const FACETS = ["urgency", "area", "service"] as const
export type FacetName = (typeof FACETS)[number]

/** Ask the list to count each filter's values as well. */
export const FacetsFlag = Schema.Literal("true")

/** A comma-separated filter value as its values (./filter-list.ts); empty parts (never valid on the wire) are dropped. */
export const filterValues = (value: string | undefined): ReadonlyArray<string> =>
  value === undefined ? [] : splitFilterList(value)
