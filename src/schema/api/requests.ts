import { Schema } from "effect"
import {
  CandidateList,
  MaintenanceRequest,
  MaintenanceRequestDetail,
  Page,
  WorkRequest,
  WorkRequestDetail,
} from "../marketplace"
import { RejectBody, ReopenBody, RequestListQuery, SelectProvidersBody } from "../marketplace-input"
import { endpoint, group } from "./endpoint"
import { UuidParams } from "./params"

// Work requests and maintenance requests: the same seven calls under two bases.

export const RequestPage = Page(Schema.Union([WorkRequest, MaintenanceRequest]))
export const RequestDetail = Schema.Union([WorkRequestDetail, MaintenanceRequestDetail])

type RequestBase = "/api/v1/work-requests/" | "/api/v1/maintenance-requests/"

// One function for both, so that the two groups have one type and one set of server handlers serves both.
const requestEndpoints = (base: RequestBase, noun: string) => ({
  list: endpoint({
    name: "list",
    method: "GET",
    path: base,
    summary: `One page of ${noun}s, filtered by status and search, in the given ordering.`,
    callers: "signedIn",
    query: RequestListQuery,
    success: RequestPage,
    errors: [400, 401],
  }),
  detail: endpoint({
    name: "detail",
    method: "GET",
    path: `${base}:uuid/`,
    summary: `One ${noun} with its audit trail.`,
    callers: "signedIn",
    params: UuidParams,
    success: RequestDetail,
    errors: [401, 404],
  }),
  approve: endpoint({
    name: "approve",
    method: "POST",
    path: `${base}:uuid/approve/`,
    summary: `Approves a pending ${noun}; 409 says who decided first.`,
    callers: "staff",
    params: UuidParams,
    success: RequestDetail,
    errors: [401, 403, 404, 409],
  }),
  reject: endpoint({
    name: "reject",
    method: "POST",
    path: `${base}:uuid/reject/`,
    summary: `Rejects a pending ${noun} with a reason; 409 says who decided first.`,
    callers: "staff",
    params: UuidParams,
    payload: RejectBody,
    success: RequestDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  reopen: endpoint({
    name: "reopen",
    method: "POST",
    path: `${base}:uuid/reopen/`,
    summary: `Takes a decided ${noun} back to pending (admins only), releasing its chosen providers.`,
    callers: "admin",
    params: UuidParams,
    payload: ReopenBody,
    success: RequestDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  candidates: endpoint({
    name: "candidates",
    method: "GET",
    path: `${base}:uuid/providers/`,
    summary: `The providers who could take this ${noun}, best match first.`,
    callers: "signedIn",
    params: UuidParams,
    success: CandidateList,
    errors: [401, 404],
  }),
  selectProviders: endpoint({
    name: "selectProviders",
    method: "POST",
    path: `${base}:uuid/select-providers/`,
    summary: `Chooses providers for an approved ${noun}.`,
    callers: "staff",
    params: UuidParams,
    payload: SelectProvidersBody,
    success: RequestDetail,
    errors: [400, 401, 403, 404, 409],
  }),
})

export const workRequestsApi = group(
  "workRequests",
  "Work requests from customers: review, decide and choose providers.",
  requestEndpoints("/api/v1/work-requests/", "work request"),
)

export const maintenanceRequestsApi = group(
  "maintenanceRequests",
  "Maintenance requests for a site: review, decide and choose providers.",
  requestEndpoints("/api/v1/maintenance-requests/", "maintenance request"),
)
