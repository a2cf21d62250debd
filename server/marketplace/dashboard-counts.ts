import type { Expression, ExpressionBuilder, SqlBool } from "kysely"
import type { DashboardSummary } from "../../src/schema/dashboard/dashboard"
import type { ApplicationStatus, RequestKind, RequestStatus } from "../../src/schema/marketplace/marketplace"
import type { QueueTimes } from "../../src/schema/marketplace/queue-wait"
import type { Database } from "../db/schema"
import { unreadCountQuery } from "../notifications/queries"
import type { Db } from "./db"
import { type WaitBounds, waitBounds, waitCounts } from "./queue-wait"

// Every number of the dashboard in one statement. On the embedded database (one connection) each statement
// waits for the one before, so one statement instead of eight keeps a reload's other requests from queueing
// behind the summary. Each table is grouped by what its lists filter on (kind, status, active), counting the
// waiting rows in the same pass, and the few groups are then turned into one row of named figures: a count
// per figure filtered over every row would test each row ten times and cost twice as much at 20,000 requests
// (bench/dashboard-summary.ts).

export type DashboardCounts = Pick<
  DashboardSummary,
  "work_requests" | "maintenance_requests" | "company_applications" | "providers" | "unread_notifications"
> & { readonly waiting: Omit<DashboardSummary["waiting"], "queue"> }

type Figure = "n" | "due_or_overdue" | "overdue"
/** Requests count one more figure: approved ones nobody accepted. */
type RequestFigure = Figure | "awaiting"

/** A group's rows, those submitted by `dueBy`, and of those the ones submitted by `overdueBy` too. */
const groupFigures = <TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB>,
  submitted: Expression<Date>,
  { dueBy, overdueBy }: WaitBounds,
) =>
  [
    eb.fn.countAll<string | number>().as("n"),
    eb.fn
      .countAll<string | number>()
      .filterWhere(eb(submitted, "<=", dueBy))
      .as("due_or_overdue"),
    eb.fn
      .countAll<string | number>()
      .filterWhere(eb.and([eb(submitted, "<=", dueBy), eb(submitted, "<=", overdueBy)]))
      .as("overdue"),
  ] as const

/** A figure of the group `g` the filter picks, or 0 when the table has no such group. */
const figureOf = <F extends string>(
  eb: ExpressionBuilder<{ g: Record<F, string | number> }, "g">,
  figure: F,
  group: Expression<SqlBool>,
) => eb.fn.coalesce(eb.fn.sum<string | number>(`g.${figure}`).filterWhere(group), eb.lit(0))

const requestCounts = (db: Db, bounds: WaitBounds) =>
  db
    .selectFrom(
      db
        .selectFrom("service_request")
        .select((eb) => [
          "kind",
          "status",
          ...groupFigures(eb, eb.ref("submitted_at"), bounds),
          // Approved and nobody accepted yet: the awaiting-providers queue (docs/behaviour.md#offers).
          eb.fn.countAll<string | number>().filterWhere("assigned_provider_id", "is", null).as("awaiting"),
        ])
        .groupBy(["kind", "status"])
        .as("g"),
    )
    .select((eb) => {
      const n = (kind: RequestKind, status: RequestStatus, figure: RequestFigure = "n") =>
        figureOf(eb, figure, eb.and([eb("g.kind", "=", kind), eb("g.status", "=", status)]))
      return [
        n("work", "pending").as("work_pending"),
        n("work", "approved").as("work_approved"),
        n("work", "rejected").as("work_rejected"),
        n("work", "approved", "awaiting").as("work_awaiting"),
        n("work", "pending", "due_or_overdue").as("work_due_or_overdue"),
        n("work", "pending", "overdue").as("work_overdue"),
        n("maintenance", "pending").as("maintenance_pending"),
        n("maintenance", "approved").as("maintenance_approved"),
        n("maintenance", "rejected").as("maintenance_rejected"),
        n("maintenance", "approved", "awaiting").as("maintenance_awaiting"),
        n("maintenance", "pending", "due_or_overdue").as("maintenance_due_or_overdue"),
        n("maintenance", "pending", "overdue").as("maintenance_overdue"),
      ]
    })

const applicationCounts = (db: Db, bounds: WaitBounds) =>
  db
    .selectFrom(
      db
        .selectFrom("company_application")
        .select((eb) => ["status", ...groupFigures(eb, eb.ref("submitted_at"), bounds)])
        .groupBy("status")
        .as("g"),
    )
    .select((eb) => {
      const n = (status: ApplicationStatus, figure: Figure = "n") =>
        figureOf(eb, figure, eb("g.status", "=", status))
      return [
        n("pending").as("application_pending"),
        n("accepted").as("application_accepted"),
        n("rejected").as("application_rejected"),
        n("pending", "due_or_overdue").as("application_due_or_overdue"),
        n("pending", "overdue").as("application_overdue"),
      ]
    })

const providerCounts = (db: Db) =>
  db
    .selectFrom(
      db
        .selectFrom("provider")
        .select((eb) => ["active", eb.fn.countAll<string | number>().as("n")])
        .groupBy("active")
        .as("g"),
    )
    .select((eb) => {
      const n = (active: boolean) =>
        eb.fn.coalesce(eb.fn.sum<string | number>("g.n").filterWhere("g.active", "=", active), eb.lit(0))
      return [n(true).as("providers_active"), n(false).as("providers_inactive")]
    })

export async function dashboardCounts(db: Db, userId: number, times: QueueTimes): Promise<DashboardCounts> {
  const bounds = waitBounds(times)
  // Each part is an aggregate without grouping: exactly one row, so listing them in FROM joins one row each.
  const row = await db
    .selectFrom([
      requestCounts(db, bounds).as("r"),
      applicationCounts(db, bounds).as("a"),
      providerCounts(db).as("p"),
      unreadCountQuery(db, userId).as("u"),
    ])
    .selectAll(["r", "a", "p"])
    .select("u.n as unread")
    .executeTakeFirstOrThrow()
  return {
    work_requests: {
      pending: Number(row.work_pending),
      approved: Number(row.work_approved),
      rejected: Number(row.work_rejected),
      awaiting_providers: Number(row.work_awaiting),
    },
    maintenance_requests: {
      pending: Number(row.maintenance_pending),
      approved: Number(row.maintenance_approved),
      rejected: Number(row.maintenance_rejected),
      awaiting_providers: Number(row.maintenance_awaiting),
    },
    company_applications: {
      pending: Number(row.application_pending),
      accepted: Number(row.application_accepted),
      rejected: Number(row.application_rejected),
    },
    providers: { active: Number(row.providers_active), inactive: Number(row.providers_inactive) },
    unread_notifications: Number(row.unread),
    waiting: {
      work_request: waitCounts(Number(row.work_due_or_overdue), Number(row.work_overdue)),
      maintenance_request: waitCounts(
        Number(row.maintenance_due_or_overdue),
        Number(row.maintenance_overdue),
      ),
      company_application: waitCounts(
        Number(row.application_due_or_overdue),
        Number(row.application_overdue),
      ),
    },
  }
}
