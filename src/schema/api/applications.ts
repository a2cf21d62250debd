import { CompanyApplicationDetail } from "../marketplace/marketplace"
import {
  AcceptBody,
  ApplicationListQuery,
  RejectBody,
  ReopenBody,
  RequestInformationBody,
} from "../marketplace/marketplace-input"
import { CompanyApplicationPage } from "../marketplace/record-pages"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { UuidParams } from "./params"

// Company applications: read by everyone signed in, decided by staff, reopened by an admin.

const BASE = "/api/v1/company-applications/"

export const applicationsApi = group("companyApplications", {
  list: endpoint({
    method: "GET",
    path: BASE,
    callers: "signedIn",
    query: ApplicationListQuery,
    success: CompanyApplicationPage,
    errors: [400, 401],
    live: true,
  }),
  detail: endpoint({
    method: "GET",
    path: `${BASE}:uuid/`,
    callers: "signedIn",
    params: UuidParams,
    success: CompanyApplicationDetail,
    errors: [401, 404],
    live: true,
  }),
  accept: endpoint({
    method: "POST",
    path: `${BASE}:uuid/accept/`,
    callers: "staff",
    params: UuidParams,
    payload: AcceptBody,
    success: CompanyApplicationDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  reject: endpoint({
    method: "POST",
    path: `${BASE}:uuid/reject/`,
    callers: "staff",
    params: UuidParams,
    payload: RejectBody,
    success: CompanyApplicationDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  reopen: endpoint({
    method: "POST",
    path: `${BASE}:uuid/reopen/`,
    callers: "reopen",
    params: UuidParams,
    payload: ReopenBody,
    success: CompanyApplicationDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  requestInformation: endpoint({
    method: "POST",
    path: `${BASE}:uuid/request-information/`,
    callers: "staff",
    params: UuidParams,
    payload: RequestInformationBody,
    success: CompanyApplicationDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  assign: endpoint({
    method: "POST",
    path: `${BASE}:uuid/assign/`,
    callers: "claim",
    params: UuidParams,
    success: CompanyApplicationDetail,
    errors: [401, 403, 404],
  }),
  unassign: endpoint({
    method: "POST",
    path: `${BASE}:uuid/unassign/`,
    callers: "claim",
    params: UuidParams,
    success: CompanyApplicationDetail,
    errors: [401, 403, 404],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const applicationsDocs = {
  description: "Companies applying to join the marketplace: list, read, accept, reject and reopen.",
  summaries: {
    list: "One page of applications, filtered by status and search, in the given ordering, with the server's time and waiting thresholds.",
    detail: "One application with its audit trail.",
    accept:
      "Accepts a pending application (the company becomes a provider); 409 says who decided first. With a required document missing or expired it needs `override_reason` (400 without), kept in the audit trail.",
    requestInformation:
      "Asks the applicant of a pending application for more (the message is kept on the record); it waits for the applicant until they send documents through the intake API. 409 once decided.",
    reject: "Rejects a pending application with a reason; 409 says who decided first.",
    reopen: "Takes a decided application back to pending (admins only), with an optional reason.",
    assign:
      "Claims an application for the caller (taking it from whoever held it); advisory, the decisions' 409 still guards.",
    unassign: "Releases the claim on an application, whoever held it; nothing happens when nobody did.",
  },
} satisfies GroupDocs<typeof applicationsApi>
