import type { CandidateRequest, ScoreFactor } from "../../schema/marketplace/candidates"
import type { RequestKind } from "../../schema/marketplace/marketplace"
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

/**
 * How the candidates are ordered, in one sentence made from the factors the server weighed, so it cannot
 * drift from the scoring: "Best fit first: the score adds trade (up to 15 points), distance (20), …".
 */
export function orderSentence(factors: ReadonlyArray<ScoreFactor>): string {
  const parts = factors.map((f, i) =>
    i === 0 ? `${f.label.toLowerCase()} (up to ${f.max} points)` : `${f.label.toLowerCase()} (${f.max})`,
  )
  const listed = parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`
  return `Best fit first: the score adds ${listed}; a fact not known yet earns half its points.`
}

/** The maximum-distance filter's choices, in km; null is any distance. */
export const DISTANCE_CHOICES: ReadonlyArray<number> = [10, 25, 50, 100, 150]
