import { Schema } from "effect"
import { CompanyApplication, MaintenanceRequest, WorkRequest } from "../marketplace"
import { CompanyApplicationIntake, MaintenanceRequestIntake, WorkRequestIntake } from "../marketplace-input"
import { endpoint, group } from "./endpoint"

// How new records enter the back office: the public marketplace's server sends the shared secret in
// `X-Intake-Key`; operators and tools sign in as an admin instead. Each answers 201 with the pending record.

export const INTAKE_KEY_HEADER = "x-intake-key"

export const CreatedRequest = Schema.Union([WorkRequest, MaintenanceRequest])

export const intakeApi = group(
  "intake",
  "For the public marketplace: submit company applications, work requests and maintenance requests. Send the shared secret in the X-Intake-Key header (or an admin's bearer token).",
  {
    companyApplication: endpoint({
      name: "companyApplication",
      method: "POST",
      path: "/api/v1/intake/company-applications/",
      summary: "Submits a company's application to join the marketplace.",
      callers: "intake",
      payload: CompanyApplicationIntake,
      success: CompanyApplication,
      successStatus: 201,
      errors: [400, 401, 403],
    }),
    workRequest: endpoint({
      name: "workRequest",
      method: "POST",
      path: "/api/v1/intake/work-requests/",
      summary: "Submits a customer's work request.",
      callers: "intake",
      payload: WorkRequestIntake,
      success: CreatedRequest,
      successStatus: 201,
      errors: [400, 401, 403],
    }),
    maintenanceRequest: endpoint({
      name: "maintenanceRequest",
      method: "POST",
      path: "/api/v1/intake/maintenance-requests/",
      summary: "Submits a maintenance request for a site.",
      callers: "intake",
      payload: MaintenanceRequestIntake,
      success: CreatedRequest,
      successStatus: 201,
      errors: [400, 401, 403],
    }),
  },
)
