import { Schema } from "effect"
import { Count, Provider, RequestStatus, ServiceCategory, Uuid } from "./marketplace"

// The providers that could take a request, each with its score and what it is made of
// (docs/behaviour.md#choosing-providers).

/** What a candidate's score is made of (server/marketplace/shortlist/score.ts weighs them). */
export const ScoreFactorKey = Schema.Literals([
  "trade",
  "distance",
  "capacity",
  "acceptance",
  "answer_time",
  "rating",
  "documents",
])
export type ScoreFactorKey = typeof ScoreFactorKey.Type
/** One factor: the points it earned of its most, and the fact behind them ("12 km away"). */
export const ScoreFactor = Schema.Struct({
  key: ScoreFactorKey,
  label: Schema.String,
  points: Schema.Number,
  max: Schema.Number,
  detail: Schema.String,
})
export type ScoreFactor = typeof ScoreFactor.Type

export const Candidate = Schema.Struct({
  ...Provider.fields,
  rank: Schema.Number,
  /** 0 to 100, one decimal; higher is a better fit; the sum of its factors' points. */
  score: Schema.Number,
  factors: Schema.Array(ScoreFactor),
  /** Kilometres between the request's postcode area and the company's home area; null when either is unknown. */
  distance_km: Schema.NullOr(Schema.Number),
  /** How many open jobs the company can hold; `current_load` counts those it holds. */
  capacity: Count,
  reasons: Schema.Array(Schema.String),
  selected: Schema.Boolean,
  /** Its documents expired or expiring within 30 days: "Trade licence expires on 2026-12-01". */
  document_warnings: Schema.optionalKey(Schema.Array(Schema.String)),
})
export type Candidate = typeof Candidate.Type
/** A provider that would be a candidate but is left out, and why ("Insurance expired on 2026-10-01"). */
export const LeftOutCandidate = Schema.Struct({
  uuid: Uuid,
  company_name: Schema.String,
  reason: Schema.String,
})
export type LeftOutCandidate = typeof LeftOutCandidate.Type
/**
 * The request the candidates are for, with the two facts they were searched by (a candidate offers the
 * service and serves the area), so that an empty answer can say why nobody qualifies.
 */
export const CandidateRequest = Schema.Struct({
  uuid: Uuid,
  title: Schema.String,
  status: RequestStatus,
  service_category: ServiceCategory,
  area: Schema.String,
})
export type CandidateRequest = typeof CandidateRequest.Type
export const CandidateList = Schema.Struct({
  count: Count,
  results: Schema.Array(Candidate),
  request: CandidateRequest,
  left_out: Schema.optionalKey(Schema.Array(LeftOutCandidate)),
})
export type CandidateList = typeof CandidateList.Type

/** The shortlist's distance filter: half the Earth's circumference, farther than any two places. */
export const MAX_DISTANCE_KM = 20_000

/** The shortlist narrowed as the page's filters narrow it; a candidate of unknown distance passes a maximum. */
export const CandidatesQuery = Schema.Struct({
  max_distance_km: Schema.optionalKey(
    Schema.NumberFromString.check(
      Schema.isFinite({ message: "max_distance_km must be a number of kilometres" }),
      Schema.isBetween(
        { minimum: 0, maximum: MAX_DISTANCE_KM },
        { message: `max_distance_km must be between 0 and ${MAX_DISTANCE_KM}` },
      ),
    ),
  ),
  has_capacity: Schema.optionalKey(Schema.Literals(["true", "false"])),
})
export type CandidatesQuery = typeof CandidatesQuery.Type
