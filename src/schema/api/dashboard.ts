import { DashboardSummary } from "../dashboard/dashboard"
import { endpoint, type GroupDocs, group } from "./endpoint"

export const dashboardApi = group("dashboard", {
  summary: endpoint({
    method: "GET",
    path: "/api/v1/dashboard/summary/",
    callers: "signedIn",
    success: DashboardSummary,
    errors: [401],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const dashboardDocs = {
  description: "What the dashboard shows at a glance.",
  summaries: {
    summary:
      "Counts per list and status, due and overdue per queue, the oldest pending items, recent activity and unread notifications.",
  },
} satisfies GroupDocs<typeof dashboardApi>
