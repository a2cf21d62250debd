import { CompanyApplicationDetail, CompanyApplicationPage } from "../marketplace"
import { ApplicationListQuery, RejectBody, ReopenBody } from "../marketplace-input"
import { endpoint, group } from "./endpoint"
import { UuidParams } from "./params"

// Company applications: read by everyone signed in, decided by staff, reopened by an admin.

const BASE = "/api/v1/company-applications/"

export const applicationsApi = group(
  "companyApplications",
  "Companies applying to join the marketplace: list, read, accept, reject and reopen.",
  {
    list: endpoint({
      name: "list",
      method: "GET",
      path: BASE,
      summary: "One page of applications, filtered by status and search, in the given ordering.",
      callers: "signedIn",
      query: ApplicationListQuery,
      success: CompanyApplicationPage,
      errors: [400, 401],
    }),
    detail: endpoint({
      name: "detail",
      method: "GET",
      path: `${BASE}:uuid/`,
      summary: "One application with its audit trail.",
      callers: "signedIn",
      params: UuidParams,
      success: CompanyApplicationDetail,
      errors: [401, 404],
    }),
    accept: endpoint({
      name: "accept",
      method: "POST",
      path: `${BASE}:uuid/accept/`,
      summary: "Accepts a pending application (the company becomes a provider); 409 says who decided first.",
      callers: "staff",
      params: UuidParams,
      success: CompanyApplicationDetail,
      errors: [401, 403, 404, 409],
    }),
    reject: endpoint({
      name: "reject",
      method: "POST",
      path: `${BASE}:uuid/reject/`,
      summary: "Rejects a pending application with a reason; 409 says who decided first.",
      callers: "staff",
      params: UuidParams,
      payload: RejectBody,
      success: CompanyApplicationDetail,
      errors: [400, 401, 403, 404, 409],
    }),
    reopen: endpoint({
      name: "reopen",
      method: "POST",
      path: `${BASE}:uuid/reopen/`,
      summary: "Takes a decided application back to pending (admins only), with an optional reason.",
      callers: "admin",
      params: UuidParams,
      payload: ReopenBody,
      success: CompanyApplicationDetail,
      errors: [400, 401, 403, 404, 409],
    }),
  },
)
