import type { DashboardSummary } from "../../src/schema/dashboard/dashboard"
import { MARKETPLACE_LIMITS } from "../../src/schema/marketplace/marketplace"
import type { QueueTimes } from "../../src/schema/marketplace/queue-wait"
import type { AuthUser } from "../auth/users"
import { recentActivity } from "./audit"
import { dashboardCounts } from "./dashboard-counts"
import { oldestPending } from "./dashboard-oldest"
import type { Db } from "./db"

// The coordinator's overview: the size of every queue, the oldest thing waiting in each, the latest changes.
// Three statements (every count, the heads of the queues, the latest audit entries): on the embedded database
// they run one after another, and a reload's other requests wait behind them.

export async function dashboardSummary(db: Db, user: AuthUser, times: QueueTimes): Promise<DashboardSummary> {
  const [counts, oldest, recent] = await Promise.all([
    dashboardCounts(db, user.id, times),
    oldestPending(db),
    recentActivity(db, MARKETPLACE_LIMITS.recentActivity),
  ])
  return {
    work_requests: counts.work_requests,
    maintenance_requests: counts.maintenance_requests,
    company_applications: counts.company_applications,
    providers: counts.providers,
    unread_notifications: counts.unread_notifications,
    oldest_pending: oldest,
    recent_activity: recent,
    waiting: { ...counts.waiting, queue: times },
  }
}
