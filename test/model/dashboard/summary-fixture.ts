import type { DashboardSummary } from "../../../src/schema/dashboard/dashboard"

/** A dashboard summary with this many pending work requests and nothing else, for the dashboard's tests. */
export const summary = (pendingWork: number): DashboardSummary => ({
  work_requests: { pending: pendingWork, approved: 0, rejected: 0, awaiting_providers: 0 },
  maintenance_requests: { pending: 0, approved: 0, rejected: 0, awaiting_providers: 0 },
  company_applications: { pending: 0, accepted: 0, rejected: 0 },
  providers: { active: 0, inactive: 0 },
  unread_notifications: 0,
  oldest_pending: { work_request: null, maintenance_request: null, company_application: null },
  recent_activity: [],
  waiting: {
    work_request: { due: 0, overdue: 0 },
    maintenance_request: { due: 0, overdue: 0 },
    company_application: { due: 0, overdue: 0 },
    queue: { as_of: "2026-01-01T00:00:00.000Z", due_after_seconds: 86_400, overdue_after_seconds: 259_200 },
  },
})
