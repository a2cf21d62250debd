import { DayPlan } from "../dashboard/plan"
import { endpoint, type GroupDocs, group } from "./endpoint"

// The dashboard's plan of the day.

export const planningApi = group("planning", {
  plan: endpoint({
    method: "GET",
    path: "/api/v1/dashboard/plan/",
    callers: "signedIn",
    success: DayPlan,
    errors: [401],
  }),
})

export const planningDocs = {
  description: "What needs the coordinator today.",
  summaries: {
    plan: "Per record kind: the caller's claimed pending records, emergencies, due today (overdue by the end of the UTC day), overdue and approved requests awaiting providers; and the pending records claimed per person.",
  },
} satisfies GroupDocs<typeof planningApi>
