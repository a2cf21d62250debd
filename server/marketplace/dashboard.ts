import type { DashboardSummary, PendingItem } from "../../src/schema/dashboard"
import { MARKETPLACE_LIMITS } from "../../src/schema/marketplace"
import type { QueueTimes } from "../../src/schema/queue-wait"
import type { AuthUser } from "../auth/users"
import { unreadCount } from "../notifications/queries"
import { recentActivity } from "./audit"
import type { Db } from "./db"
import { waitingSummary } from "./queue-wait"
import { iso } from "./text"

// The coordinator's overview: the size of every queue, the oldest thing waiting in each, the latest changes.
// The counts come from the same tables and filters as the lists, so they always agree with them.

const zeroRequests = () => ({ pending: 0, approved: 0, rejected: 0 })

async function requestCounts(db: Db) {
  const rows = await db
    .selectFrom("service_request")
    .select(["kind", "status", (eb) => eb.fn.countAll<string | number>().as("n")])
    .groupBy(["kind", "status"])
    .execute()
  const counts = { work: zeroRequests(), maintenance: zeroRequests() }
  for (const row of rows) counts[row.kind][row.status] = Number(row.n)
  return counts
}

async function applicationCounts(db: Db) {
  const rows = await db
    .selectFrom("company_application")
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("n")])
    .groupBy("status")
    .execute()
  const counts = { pending: 0, accepted: 0, rejected: 0 }
  for (const row of rows) counts[row.status] = Number(row.n)
  return counts
}

async function providerCounts(db: Db) {
  const rows = await db
    .selectFrom("provider")
    .select(["active", (eb) => eb.fn.countAll<string | number>().as("n")])
    .groupBy("active")
    .execute()
  return {
    active: Number(rows.find((r) => r.active)?.n ?? 0),
    inactive: Number(rows.find((r) => !r.active)?.n ?? 0),
  }
}

async function oldestPendingRequest(db: Db, kind: "work" | "maintenance"): Promise<PendingItem | null> {
  const row = await db
    .selectFrom("service_request")
    .select(["uuid", "title", "submitted_at"])
    .where("kind", "=", kind)
    .where("status", "=", "pending")
    .orderBy("submitted_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst()
  return row ? { uuid: row.uuid, title: row.title, submitted_at: iso(row.submitted_at) } : null
}

async function oldestPendingApplication(db: Db): Promise<PendingItem | null> {
  const row = await db
    .selectFrom("company_application")
    .select(["uuid", "company_name", "submitted_at"])
    .where("status", "=", "pending")
    .orderBy("submitted_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst()
  return row ? { uuid: row.uuid, title: row.company_name, submitted_at: iso(row.submitted_at) } : null
}

export async function dashboardSummary(db: Db, user: AuthUser, times: QueueTimes): Promise<DashboardSummary> {
  const [
    requests,
    applications,
    providers,
    unread,
    oldestWork,
    oldestMaintenance,
    oldestApplication,
    recent,
    waiting,
  ] = await Promise.all([
    requestCounts(db),
    applicationCounts(db),
    providerCounts(db),
    unreadCount(db, user.id),
    oldestPendingRequest(db, "work"),
    oldestPendingRequest(db, "maintenance"),
    oldestPendingApplication(db),
    recentActivity(db, MARKETPLACE_LIMITS.recentActivity),
    waitingSummary(db, times),
  ])
  return {
    work_requests: requests.work,
    maintenance_requests: requests.maintenance,
    company_applications: applications,
    providers,
    unread_notifications: unread,
    oldest_pending: {
      work_request: oldestWork,
      maintenance_request: oldestMaintenance,
      company_application: oldestApplication,
    },
    recent_activity: recent,
    waiting,
  }
}
