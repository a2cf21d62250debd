import {
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
  WAITING_FILTERS,
  type WaitingFilter,
} from "../../schema/marketplace/marketplace-input"
import { filterParams } from "./list-filter-params"
import { parseFilters, sameFilters } from "./list-filters"
import { AWAITING_PROVIDERS, type ListQuery, type ListSource } from "./marketplace-types"

// A list's place lives in the URL query so that it can be shared, reloaded and reached with Back. Only what
// differs from the defaults is written, so a fresh list has a clean address.

export const DEFAULT_ORDERING = "-submitted_at"
/** A pending list is a queue: oldest first unless the user orders it otherwise (docs/behaviour.md#waiting-time). */
export const QUEUE_ORDERING = "submitted_at"

/** The awaiting-providers queue: longest approved first. */
export const AWAITING_ORDERING = "decided_at"

export const defaultOrdering = (status: string): string =>
  status === "pending" ? QUEUE_ORDERING : status === AWAITING_PROVIDERS ? AWAITING_ORDERING : DEFAULT_ORDERING

/** The list's place from its address; `source` says which filters the list has (urgency: requests only). */
export function parseListSearch(search: string, status: string, source: ListSource = "work"): ListQuery {
  const params = new URLSearchParams(search)
  const page = Number.parseInt(params.get("page") ?? "1", 10)
  const { filters } = parseFilters(params, source)
  return {
    status,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    search: params.get("search") ?? "",
    ordering: params.get("ordering") || defaultOrdering(status),
    ...assigneeParam(params.get("assignee")),
    ...waitingParam(params.get("waiting")),
    ...(Object.keys(filterParams(filters)).length > 0 ? { filters } : {}),
  }
}

/** Waiting or Not waiting for the applicant; All is the default (docs/behaviour.md#documents). */
const waitingParam = (value: string | null): { waiting?: WaitingFilter } => {
  const known = WAITING_FILTERS.find((f) => f === value)
  return known === undefined || known === "all" ? {} : { waiting: known }
}

/** The query with another waiting filter, from the first page. */
export const withWaiting = (query: ListQuery, waiting: WaitingFilter): ListQuery => {
  const { waiting: _old, ...rest } = query
  return { ...rest, page: 1, ...waitingParam(waiting) }
}

/** Mine or Unassigned; All is the default and leaves the address clean (docs/behaviour.md#claims). */
const assigneeParam = (value: string | null): { assignee?: AssigneeFilter } => {
  const known = ASSIGNEE_FILTERS.find((f) => f === value)
  return known === undefined || known === "all" ? {} : { assignee: known }
}

/** The query with another assignee filter, from the first page. */
export const withAssignee = (query: ListQuery, assignee: AssigneeFilter): ListQuery => {
  const { assignee: _old, ...rest } = query
  return { ...rest, page: 1, ...assigneeParam(assignee) }
}

export function listSearchString(query: ListQuery): string {
  const params = new URLSearchParams()
  if (query.search !== "") params.set("search", query.search)
  if (query.ordering !== defaultOrdering(query.status)) params.set("ordering", query.ordering)
  if (query.assignee !== undefined && query.assignee !== "all") params.set("assignee", query.assignee)
  if (query.waiting !== undefined && query.waiting !== "all") params.set("waiting", query.waiting)
  for (const [name, value] of Object.entries(filterParams(query.filters))) params.set(name, value)
  if (query.page > 1) params.set("page", String(query.page))
  return params.toString()
}

export const sameQuery = (a: ListQuery, b: ListQuery): boolean =>
  a.status === b.status &&
  a.page === b.page &&
  a.search === b.search &&
  a.ordering === b.ordering &&
  (a.assignee ?? "all") === (b.assignee ?? "all") &&
  (a.waiting ?? "all") === (b.waiting ?? "all") &&
  sameFilters(a.filters, b.filters)
