import { splitFilterList } from "../../schema/marketplace/filter-list"
import { SERVICE_CATEGORIES, serviceLabel, URGENCY_ORDER } from "../../schema/marketplace/marketplace"
import { DUE_FILTERS, FILTER_LIMITS } from "../../schema/marketplace/record-filters"
import {
  DAY_FILTERS,
  filterParams,
  type ListFilters,
  MULTI_FILTERS,
  type MultiFilter,
} from "./list-filter-params"
import type { ListSource } from "./marketplace-types"

// A list's filters besides search and assignee (docs/behaviour.md#filters): urgency (requests only), area,
// service, and a range of submission days. In the URL as the API names them (`urgency=high,emergency`), so
// that a link, a reload and Back show the same list. A value the URL holds but the list does not know is
// left out and named, so that the page can say which filter it ignored and keep the rest. Pure.

export const FILTER_NAMES: Readonly<Record<MultiFilter | (typeof DAY_FILTERS)[number], string>> = {
  urgency: "Urgency",
  area: "Area",
  service: "Trade",
  submitted_from: "Submitted from",
  submitted_to: "Submitted to",
}

/** The due filter's name and values as the page says them. */
export const DUE_NAMES = { filter: "Due", today: "Due today", overdue: "Overdue" } as const

/** Why a filter of the address was left out: said on the page, which shows the list without it. */
export const FILTER_IGNORED = {
  value: (filter: string, value: string) => `${filter}: “${value}” is not one of this list's values.`,
  day: (filter: string, value: string) => `${filter}: “${value}” is not a date.`,
  reversed: "Submitted to is before Submitted from, so it was left out.",
  urgencyOnApplications: "Applications have no urgency, so that filter was left out.",
} as const

const isDay = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const at = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value
}

const knownArea = (value: string): boolean =>
  value.trim() !== "" && value.length <= FILTER_LIMITS.maxAreaLength && !value.includes(",")

/** The filters an address holds, and what it held that was left out. */
export function parseFilters(
  params: URLSearchParams,
  source: ListSource,
): { readonly filters: ListFilters; readonly ignored: ReadonlyArray<string> } {
  const filters: Record<string, unknown> = {}
  const ignored: string[] = []
  const known: Record<MultiFilter, (v: string) => boolean> = {
    urgency: (v) => URGENCY_ORDER.some((u) => u === v),
    area: knownArea,
    service: (v) => SERVICE_CATEGORIES.some((s) => s === v),
  }
  for (const name of MULTI_FILTERS) {
    const raw = params.get(name)
    if (raw === null || raw === "") continue
    if (name === "urgency" && source === "application") {
      ignored.push(FILTER_IGNORED.urgencyOnApplications)
      continue
    }
    const values = [...new Set(splitFilterList(raw))]
    const kept = values.filter(known[name]).slice(0, FILTER_LIMITS.maxAreas)
    for (const v of values) if (!known[name](v)) ignored.push(FILTER_IGNORED.value(FILTER_NAMES[name], v))
    if (kept.length > 0) filters[name] = kept
  }
  for (const name of DAY_FILTERS) {
    const raw = params.get(name)
    if (raw === null || raw === "") continue
    if (isDay(raw)) filters[name] = raw
    else ignored.push(FILTER_IGNORED.day(FILTER_NAMES[name], raw))
  }
  const due = params.get("due")
  if (due !== null && due !== "") {
    const known = DUE_FILTERS.find((d) => d === due)
    if (known === undefined) ignored.push(FILTER_IGNORED.value(DUE_NAMES.filter, due))
    else filters.due = known
  }
  const { submitted_from: from, submitted_to: to } = filters as ListFilters
  if (from !== undefined && to !== undefined && to < from) {
    delete filters.submitted_to
    ignored.push(FILTER_IGNORED.reversed)
  }
  return { filters: filters as ListFilters, ignored }
}

/** How many filters are set: the count on the button that unfolds them. */
export const activeFilterCount = (filters: ListFilters | undefined): number =>
  Object.keys(filterParams(filters)).length

export const sameFilters = (a: ListFilters | undefined, b: ListFilters | undefined): boolean => {
  const x = filterParams(a)
  const y = filterParams(b)
  const keys = new Set([...Object.keys(x), ...Object.keys(y)])
  return [...keys].every((k) => x[k] === y[k])
}

/** The query with another set of filters, from the first page; none leaves the query without the key. */
export function withFilters<Q extends { readonly page: number; readonly filters?: ListFilters }>(
  query: Q,
  filters: ListFilters,
): Q {
  const { filters: _old, ...rest } = query
  // A last day before the first would be refused by the server: the end is dropped, the start kept.
  const { submitted_from: from, submitted_to: to } = filters
  if (from !== undefined && to !== undefined && to < from) {
    const { submitted_to: _dropped, ...kept } = filters
    return withFilters(query, kept)
  }
  const params = filterParams(filters)
  return (Object.keys(params).length === 0 ? { ...rest, page: 1 } : { ...rest, page: 1, filters }) as Q
}

/** A value as the filter's option reads: "pest control", "Emergency", "Leeds". */
export const filterValueLabel = (filter: MultiFilter, value: string): string =>
  filter === "service"
    ? serviceLabel(value as (typeof SERVICE_CATEGORIES)[number])
    : filter === "urgency"
      ? value.charAt(0).toUpperCase() + value.slice(1)
      : value
