import { DashboardSummary } from "../marketplace"
import { endpoint, group } from "./endpoint"

export const dashboardApi = group("dashboard", "What the dashboard shows at a glance.", {
  summary: endpoint({
    name: "summary",
    method: "GET",
    path: "/api/v1/dashboard/summary/",
    summary:
      "Counts per list and status, the oldest pending items, recent activity and unread notifications.",
    callers: "signedIn",
    success: DashboardSummary,
    errors: [401],
  }),
})
