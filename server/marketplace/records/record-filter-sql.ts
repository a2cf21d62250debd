import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely"
import type { AssigneeFilter, WaitingFilter } from "../../../src/schema/marketplace/marketplace-input"
import { type DueFilter, type FacetName, filterValues } from "../../../src/schema/marketplace/record-filters"
import { Invalid } from "../../errors"
import { containsPattern } from "../text"
import type { RecordTable } from "./record-kind"

// A record list's filters as SQL conditions (docs/behaviour.md#filters), shared by the list, its facet
// counts and its CSV export, so that the three always mean the same rows. Values arrive decoded (known
// urgencies and services, area names without commas); only the dates need a check the schema cannot make.

/** What a list, its export or a saved view filters by, besides the status. */
export interface RecordView {
  readonly assignee?: AssigneeFilter | undefined
  readonly search?: string | undefined
  readonly urgency?: string | undefined
  readonly area?: string | undefined
  readonly service?: string | undefined
  readonly submitted_from?: string | undefined
  readonly submitted_to?: string | undefined
  /** Applications only: waiting for their applicant, or not (docs/behaviour.md#documents). */
  readonly waiting?: WaitingFilter | undefined
  /** Pending and due today, or overdue (docs/behaviour.md#planning-the-day). */
  readonly due?: DueFilter | undefined
}

/** What "due today" and "overdue" are measured against: the server's clock and the overdue setting. */
export interface DueClock {
  readonly now: Date
  readonly overdueAfterSeconds: number
}

const DAY_MS = 86_400_000

/** The UTC midnight that starts the day, or a 400 naming the parameter. */
const dayStart = (name: string, value: string): Date => {
  const at = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value)
    throw new Invalid({ detail: `${name}: ${value} is not a date.` })
  return at
}

/** The submission days as a half-open range of instants: from the first day's start to the day after the last. */
export function submittedRange(view: RecordView): { from: Date | null; until: Date | null } {
  const from = view.submitted_from === undefined ? null : dayStart("submitted_from", view.submitted_from)
  const to = view.submitted_to === undefined ? null : dayStart("submitted_to", view.submitted_to)
  if (from !== null && to !== null && to < from)
    throw new Invalid({
      detail: `submitted_to: ${view.submitted_to} is before submitted_from (${view.submitted_from}).`,
    })
  return { from, until: to === null ? null : new Date(to.getTime() + DAY_MS) }
}

/**
 * A pending record is overdue once it has waited the overdue time, and due today when it will have by the
 * end of the current UTC day: the day plan's own bounds (server/marketplace/day-plan.ts).
 */
export function dueCondition(due: DueFilter, clock: DueClock): Expression<SqlBool> & RawBuilder<SqlBool> {
  const overdueBy = new Date(clock.now.getTime() - clock.overdueAfterSeconds * 1000)
  const dayEnds = Math.floor(clock.now.getTime() / DAY_MS) * DAY_MS + DAY_MS
  const overdueByDayEnd = new Date(dayEnds - clock.overdueAfterSeconds * 1000)
  return due === "overdue"
    ? sql<SqlBool>`status = 'pending' and submitted_at <= ${overdueBy.toISOString()}::timestamptz`
    : sql<SqlBool>`status = 'pending' and submitted_at > ${overdueBy.toISOString()}::timestamptz
        and submitted_at <= ${overdueByDayEnd.toISOString()}::timestamptz`
}

const list = (values: ReadonlyArray<string>) => sql.join(values.map((v) => sql`${v}`))

/** The column (or, for an application, the array column) a facet reads. */
export const facetColumn = (table: RecordTable, facet: FacetName): string =>
  table === "service_request"
    ? { urgency: "urgency", area: "area", service: "service_category" }[facet]
    : { urgency: "", area: "service_area", service: "services_offered" }[facet]

function valueCondition(table: RecordTable, facet: FacetName, values: ReadonlyArray<string>) {
  const column = sql.ref(facetColumn(table, facet))
  // An application serves several areas and offers several services: any of them matching is enough.
  return table === "service_request"
    ? sql<SqlBool>`${column} in (${list(values)})`
    : sql<SqlBool>`${column} && array[${list(values)}]::text[]`
}

/**
 * Every condition of the view but the status (which the caller applies, as its default order depends on it);
 * `except` leaves one facet's own filter out, for its counts.
 */
export function viewConditions(
  table: RecordTable,
  view: RecordView,
  viewerId: number | null,
  clock: DueClock,
  except?: FacetName | "due",
): ReadonlyArray<Expression<SqlBool> & RawBuilder<SqlBool>> {
  const out: Array<Expression<SqlBool> & RawBuilder<SqlBool>> = []
  if (view.assignee === "mine") out.push(sql<SqlBool>`assignee_user_id = ${viewerId ?? 0}`)
  if (view.assignee === "unassigned") out.push(sql<SqlBool>`assignee_user_id is null`)
  if (view.assignee === "claimed") out.push(sql<SqlBool>`assignee_user_id is not null`)
  const search = view.search?.trim()
  if (search) out.push(sql<SqlBool>`search_text like ${containsPattern(search)}`)
  for (const facet of ["urgency", "area", "service"] as const) {
    const values = filterValues(view[facet])
    if (facet !== except && values.length > 0 && facetColumn(table, facet) !== "")
      out.push(valueCondition(table, facet, values))
  }
  if (table === "company_application" && view.waiting === "waiting")
    out.push(sql<SqlBool>`waiting_since is not null`)
  if (table === "company_application" && view.waiting === "not_waiting")
    out.push(sql<SqlBool>`waiting_since is null`)
  const { from, until } = submittedRange(view)
  if (from !== null) out.push(sql<SqlBool>`submitted_at >= ${from.toISOString()}::timestamptz`)
  if (until !== null) out.push(sql<SqlBool>`submitted_at < ${until.toISOString()}::timestamptz`)
  if (view.due !== undefined && except !== "due") out.push(dueCondition(view.due, clock))
  return out
}
