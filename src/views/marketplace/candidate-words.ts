import type { CandidateRequest, RequestKind } from "../../schema/marketplace/marketplace"
import { serviceLabel } from "../../schema/marketplace/marketplace"

// What the provider-choice page says about its request (docs/behaviour.md#choosing-providers). The reasons are
// the server's rule in words: a candidate is an active provider from an accepted company that offers the
// request's service in the request's area, and the candidates answer names that service and area.

const NOUN: Readonly<Record<RequestKind, string>> = {
  work: "work request",
  maintenance: "maintenance request",
}

/** Why a request that is not approved takes no providers, or null for an approved one. */
export function notApprovedReason(kind: RequestKind, request: CandidateRequest): string | null {
  switch (request.status) {
    case "pending":
      return `This ${NOUN[kind]} is still pending. Providers can be chosen once it is approved.`
    case "rejected":
      return `This ${NOUN[kind]} was rejected. Providers are chosen only for approved requests.`
    default:
      return null
  }
}

/** "plumbing in Exeter": what the candidates were searched by. */
export const searchedFor = (request: CandidateRequest): string =>
  `${serviceLabel(request.service_category)} in ${request.area}`

/** Why nobody qualifies: "No accepted company offers plumbing in Exeter." */
export const noCandidatesReason = (request: CandidateRequest): string =>
  `No accepted company offers ${searchedFor(request)}.`

export const NO_CANDIDATES_HELP =
  "Providers come from accepted company applications. A pending application that offers this service here can be accepted; otherwise the request waits for a company that does."
