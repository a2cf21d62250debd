import { Schema } from "effect"
import { IntakeOffer, IntakeOfferPage } from "../marketplace/intake-offers"
import { CompanyApplication, MaintenanceRequest, WorkRequest } from "../marketplace/marketplace"
import {
  CompanyApplicationIntake,
  DeclineOfferBody,
  MaintenanceRequestIntake,
  OfferListQuery,
  WorkRequestIntake,
} from "../marketplace/marketplace-input"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { UuidParams } from "./params"

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
  offers: endpoint({
    method: "GET",
    path: "/api/v1/intake/offers/",
    callers: "intake",
    query: OfferListQuery,
    success: IntakeOfferPage,
    errors: [400, 401, 403],
  }),
  acceptOffer: endpoint({
    method: "POST",
    path: "/api/v1/intake/offers/:uuid/accept/",
    callers: "intake",
    params: UuidParams,
    success: IntakeOffer,
    errors: [401, 403, 404, 409],
  }),
  declineOffer: endpoint({
    method: "POST",
    path: "/api/v1/intake/offers/:uuid/decline/",
    callers: "intake",
    params: UuidParams,
    payload: DeclineOfferBody,
    success: IntakeOffer,
    errors: [400, 401, 403, 404, 409],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const intakeDocs = {
  description:
    "For the public marketplace: submit company applications, work requests and maintenance requests, and answer the offers made to providers. Send the shared secret in the X-Intake-Key header (or an admin's bearer token).",
  summaries: {
    companyApplication: "Submits a company's application to join the marketplace.",
    workRequest: "Submits a customer's work request.",
    maintenanceRequest: "Submits a maintenance request for a site.",
    offers:
      "One page of offers made to providers, oldest first; open ones (`state=offered`) unless another state is asked for.",
    acceptOffer:
      "A provider takes the job: the first acceptance assigns the request and withdraws the other offers; 409 when the job was taken, or the offer is no longer open.",
    declineOffer:
      "A provider turns the job down, optionally saying why; 409 when the offer is no longer open.",
  },
} satisfies GroupDocs<typeof intakeApi>
