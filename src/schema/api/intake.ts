import { Schema } from "effect"
import { CompanyApplication, MaintenanceRequest, WorkRequest } from "../marketplace/marketplace"
import {
  CompanyApplicationIntake,
  MaintenanceRequestIntake,
  WorkRequestIntake,
} from "../marketplace/marketplace-input"
import { endpoint, type GroupDocs, group } from "./endpoint"

// How new records enter the back office: the public marketplace's server sends the shared secret in
// `X-Intake-Key`; operators and tools sign in as an admin instead. Each answers 201 with the pending record.

export const INTAKE_KEY_HEADER = "x-intake-key"

export const CreatedRequest = Schema.Union([WorkRequest, MaintenanceRequest])

export const intakeApi = group("intake", {
  companyApplication: endpoint({
    method: "POST",
    path: "/api/v1/intake/company-applications/",
    callers: "intake",
    payload: CompanyApplicationIntake,
    success: CompanyApplication,
    successStatus: 201,
    errors: [400, 401, 403],
  }),
  workRequest: endpoint({
    method: "POST",
    path: "/api/v1/intake/work-requests/",
    callers: "intake",
    payload: WorkRequestIntake,
    success: CreatedRequest,
    successStatus: 201,
    errors: [400, 401, 403],
  }),
  maintenanceRequest: endpoint({
    method: "POST",
    path: "/api/v1/intake/maintenance-requests/",
    callers: "intake",
    payload: MaintenanceRequestIntake,
    success: CreatedRequest,
    successStatus: 201,
    errors: [400, 401, 403],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const intakeDocs = {
  description:
    "For the public marketplace: submit company applications, work requests and maintenance requests. Send the shared secret in the X-Intake-Key header (or an admin's bearer token).",
  summaries: {
    companyApplication: "Submits a company's application to join the marketplace.",
    workRequest: "Submits a customer's work request.",
    maintenanceRequest: "Submits a maintenance request for a site.",
  },
} satisfies GroupDocs<typeof intakeApi>
