import { Schema } from "effect"
import { CandidateList, CandidatesQuery } from "../marketplace/candidates"
import {
  MaintenanceRequest,
  MaintenanceRequestDetail,
  WorkRequest,
  WorkRequestDetail,
} from "../marketplace/marketplace"
import {
  OfferProvidersBody,
  RejectBody,
  ReopenBody,
  RequestListQuery,
  SelectProvidersBody,
  WithdrawOfferBody,
} from "../marketplace/marketplace-input"
import { QueuePage } from "../marketplace/record-pages"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { OfferParams, UuidParams } from "./params"

// Work requests and maintenance requests: the same eleven calls under two bases.

export const RequestPage = QueuePage(Schema.Union([WorkRequest, MaintenanceRequest]))
export const RequestDetail = Schema.Union([WorkRequestDetail, MaintenanceRequestDetail])

type RequestBase = "/api/v1/work-requests/" | "/api/v1/maintenance-requests/"

// One function for both, so that the two groups have one type and one set of server handlers serves both.
const requestEndpoints = (base: RequestBase) => ({
  list: endpoint({
    method: "GET",
    path: base,
    callers: "signedIn",
    query: RequestListQuery,
    success: RequestPage,
    errors: [400, 401],
    live: true,
  }),
  detail: endpoint({
    method: "GET",
    path: `${base}:uuid/`,
    callers: "signedIn",
    params: UuidParams,
    success: RequestDetail,
    errors: [401, 404],
    live: true,
  }),
  approve: endpoint({
    method: "POST",
    path: `${base}:uuid/approve/`,
    callers: "staff",
    params: UuidParams,
    success: RequestDetail,
    errors: [401, 403, 404, 409],
  }),
  reject: endpoint({
    method: "POST",
    path: `${base}:uuid/reject/`,
    callers: "staff",
    params: UuidParams,
    payload: RejectBody,
    success: RequestDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  reopen: endpoint({
    method: "POST",
    path: `${base}:uuid/reopen/`,
    callers: "reopen",
    params: UuidParams,
    payload: ReopenBody,
    success: RequestDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  candidates: endpoint({
    method: "GET",
    path: `${base}:uuid/providers/`,
    callers: "signedIn",
    params: UuidParams,
    query: CandidatesQuery,
    success: CandidateList,
    errors: [400, 401, 404],
  }),
  selectProviders: endpoint({
    method: "POST",
    path: `${base}:uuid/select-providers/`,
    callers: "staff",
    params: UuidParams,
    payload: SelectProvidersBody,
    success: RequestDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  offerProviders: endpoint({
    method: "POST",
    path: `${base}:uuid/offer-providers/`,
    callers: "staff",
    params: UuidParams,
    payload: OfferProvidersBody,
    success: RequestDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  withdrawOffer: endpoint({
    method: "POST",
    path: `${base}:uuid/offers/:offer/withdraw/`,
    callers: "staff",
    params: OfferParams,
    payload: WithdrawOfferBody,
    success: RequestDetail,
    errors: [400, 401, 403, 404, 409],
  }),
  assign: endpoint({
    method: "POST",
    path: `${base}:uuid/assign/`,
    callers: "claim",
    params: UuidParams,
    success: RequestDetail,
    errors: [401, 403, 404],
  }),
  unassign: endpoint({
    method: "POST",
    path: `${base}:uuid/unassign/`,
    callers: "claim",
    params: UuidParams,
    success: RequestDetail,
    errors: [401, 403, 404],
  }),
})

export const workRequestsApi = group("workRequests", requestEndpoints("/api/v1/work-requests/"))

export const maintenanceRequestsApi = group(
  "maintenanceRequests",
  requestEndpoints("/api/v1/maintenance-requests/"),
)

const requestSummaries = (noun: string) => ({
  list: `One page of ${noun}s, filtered by status and search, in the given ordering, with the server's time and waiting thresholds.`,
  detail: `One ${noun} with its audit trail.`,
  approve: `Approves a pending ${noun}; 409 says who decided first.`,
  reject: `Rejects a pending ${noun} with a reason; 409 says who decided first.`,
  reopen: `Takes a decided ${noun} back to pending (admins only), releasing its chosen providers.`,
  candidates: `The providers who could take this ${noun}, best match first, with the ${noun}'s status and the service and area searched; max_distance_km and has_capacity=true narrow them.`,
  selectProviders: `Chooses providers for an approved ${noun}: each gets an offer, open until answered or expired.`,
  offerProviders: `Offers an approved, unassigned ${noun} to more providers, with a reason.`,
  withdrawOffer: `Withdraws an open offer of this ${noun}, with a reason; 409 when it is no longer open.`,
  assign: `Claims a ${noun} for the caller (taking it from whoever held it); advisory, the decisions' 409 still guards.`,
  unassign: `Releases the claim on a ${noun}, whoever held it; nothing happens when nobody did.`,
})

/** The reference page's words for these groups (server only: the browser's code never reads them). */
export const workRequestsDocs = {
  description: "Work requests from customers: review, decide and choose providers.",
  summaries: /* @__PURE__ */ requestSummaries("work request"),
} satisfies GroupDocs<typeof workRequestsApi>

export const maintenanceRequestsDocs = {
  description: "Maintenance requests for a site: review, decide and choose providers.",
  summaries: /* @__PURE__ */ requestSummaries("maintenance request"),
} satisfies GroupDocs<typeof maintenanceRequestsApi>
