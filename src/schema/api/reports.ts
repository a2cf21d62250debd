import { ReportQuery, ReportSummary } from "../reports/reports"
import { endpoint, type GroupDocs, group } from "./endpoint"

export const reportsApi = group("reports", {
  summary: endpoint({
    method: "GET",
    path: "/api/v1/reports/",
    callers: "staff",
    query: ReportQuery,
    success: ReportSummary,
    errors: [400, 401, 403],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const reportsDocs = {
  description: "How the team is doing, computed by the database.",
  summaries: {
    summary:
      "Received against decided per UTC day over the last 30 or 90 days, time to decision per kind (median, 90th percentile) and the share within target, the backlog by age and decisions per person.",
  },
} satisfies GroupDocs<typeof reportsApi>
