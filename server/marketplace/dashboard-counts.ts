import type { Expression, ExpressionBuilder, SqlBool } from "kysely"
import type { DashboardSummary } from "../../src/schema/dashboard"
import type { ApplicationStatus, RequestKind, RequestStatus } from "../../src/schema/marketplace"
import type { QueueTimes } from "../../src/schema/queue-wait"
import type { Database } from "../db/schema"
import { unreadCountQuery } from "../notifications/queries"
import type { Db } from "./db"
import { type WaitBounds, waitBounds, waitCounts } from "./queue-wait"

// Every number of the dashboard in one statement: one pass over each table with a filtered count per figure,
// the tables' single rows side by side. On the embedded database (one connection) each statement waits for
// the one before, so one statement instead of eight is what keeps a reload's other requests from queueing
// behind the summary. The filters are the lists' own (kind, status, active), so the counts agree with them.

export type DashboardCounts = Pick<
  DashboardSummary,
  "work_requests" | "maintenance_requests" | "company_applications" | "providers" | "unread_notifications"
> & { readonly waiting: Omit<DashboardSummary["waiting"], "queue"> }

const counted = <TB extends keyof Database>(
  where: Expression<SqlBool>,
  eb: ExpressionBuilder<Database, TB>,
) => eb.fn.countAll<string | number>().filterWhere(where)

/** Requests of one kind and status, and with `by`, submitted at or before each of those times. */
const requestsIn = (
  eb: ExpressionBuilder<Database, "service_request">,
  kind: RequestKind,
  status: RequestStatus,
  ...by: Date[]
) =>
  eb.and([eb("kind", "=", kind), eb("status", "=", status), ...by.map((at) => eb("submitted_at", "<=", at))])

const requestCounts = (db: Db, { dueBy, overdueBy }: WaitBounds) =>
  db.selectFrom("service_request").select((eb) => {
    const n = (kind: RequestKind, status: RequestStatus, ...by: Date[]) =>
      counted(requestsIn(eb, kind, status, ...by), eb)
    return [
      n("work", "pending").as("work_pending"),
      n("work", "approved").as("work_approved"),
      n("work", "rejected").as("work_rejected"),
      n("work", "pending", dueBy).as("work_due_or_overdue"),
      n("work", "pending", dueBy, overdueBy).as("work_overdue"),
      n("maintenance", "pending").as("maintenance_pending"),
      n("maintenance", "approved").as("maintenance_approved"),
      n("maintenance", "rejected").as("maintenance_rejected"),
      n("maintenance", "pending", dueBy).as("maintenance_due_or_overdue"),
      n("maintenance", "pending", dueBy, overdueBy).as("maintenance_overdue"),
    ]
  })

const applicationCounts = (db: Db, { dueBy, overdueBy }: WaitBounds) =>
  db.selectFrom("company_application").select((eb) => {
    const n = (status: ApplicationStatus, ...by: Date[]) =>
      counted(eb.and([eb("status", "=", status), ...by.map((at) => eb("submitted_at", "<=", at))]), eb)
    return [
      n("pending").as("application_pending"),
      n("accepted").as("application_accepted"),
      n("rejected").as("application_rejected"),
      n("pending", dueBy).as("application_due_or_overdue"),
      n("pending", dueBy, overdueBy).as("application_overdue"),
    ]
  })

const providerCounts = (db: Db) =>
  db
    .selectFrom("provider")
    .select((eb) => [
      counted(eb("active", "=", true), eb).as("providers_active"),
      counted(eb("active", "=", false), eb).as("providers_inactive"),
    ])

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
    },
    maintenance_requests: {
      pending: Number(row.maintenance_pending),
      approved: Number(row.maintenance_approved),
      rejected: Number(row.maintenance_rejected),
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
