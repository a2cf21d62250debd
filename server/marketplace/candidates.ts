import type { Candidate } from "../../src/schema/marketplace/candidates"
import { type ServiceCategory, serviceLabel } from "../../src/schema/marketplace/marketplace"
import type { Db } from "./db"
import { type CandidateFilters, candidateRows, NO_FILTERS } from "./shortlist/candidate-rows"
import { type AreaMap, haversineKm, loadAreas } from "./shortlist/distance"
import { NO_HISTORY, type OfferHistory } from "./shortlist/offer-history"
import { scoreFactors, scoreOf } from "./shortlist/score"
import { type ProviderRow, type ProviderWireRow, providerToWire } from "./wire"

// Which providers could take a request, best first, and why. A candidate is an active provider offering the
// request's service in the request's area; among those the score (./shortlist/score.ts) orders them: trade,
// distance, capacity, their answers to past offers, rating and documents. The reasons and factors are the same
// facts in words, so a coordinator can check the ranking rather than trust it.

/** An unrated provider is treated as average, neither hidden nor favoured. */
const NEUTRAL_RATING = 3
/** At this many open jobs a provider earns no capacity points at all. */
const FULL_LOAD = 10
const RATING_POINTS = 60
const LOAD_POINTS = 40

export interface CandidateRequest {
  readonly service_category: ServiceCategory
  readonly area: string
  /** The address, whose postcode places the request. */
  readonly location: string
}

/** What ranking reads of a provider's row. */
export type RankedProviderRow = ProviderWireRow & Pick<ProviderRow, "capacity">

export interface ProviderForRanking {
  readonly row: RankedProviderRow
  readonly applicationUuid: string | null
  readonly history?: OfferHistory
}

const jobs = (n: number): string => `${n} open job${n === 1 ? "" : "s"}`

const loadReason = (load: number): string =>
  load === 0
    ? "Free now: no open jobs"
    : load <= 2
      ? `Light load: ${jobs(load)}`
      : load <= 5
        ? `Moderate load: ${jobs(load)}`
        : `Busy: ${jobs(load)}`

/** The demo seed's ordering of likely providers (rating and load only: it runs before any offer exists). */
export const candidateScore = (rating: number | null, load: number): number => {
  const ratingPart = (((rating ?? NEUTRAL_RATING) - 1) / 4) * RATING_POINTS
  const loadPart = Math.max(0, 1 - load / FULL_LOAD) * LOAD_POINTS
  return Math.round(ratingPart + loadPart)
}

/** The order String#localeCompare gives, without building a collator for each of a sort's comparisons. */
const byName = new Intl.Collator().compare

const byScore = (a: Candidate, b: Candidate): number =>
  b.score - a.score ||
  (a.distance_km ?? Number.POSITIVE_INFINITY) - (b.distance_km ?? Number.POSITIVE_INFINITY) ||
  (b.rating ?? NEUTRAL_RATING) - (a.rating ?? NEUTRAL_RATING) ||
  byName(a.company_name, b.company_name)

const ranked = (candidates: ReadonlyArray<Candidate>): Candidate[] =>
  [...candidates].sort(byScore).map((candidate, i) => ({ ...candidate, rank: i + 1 }))

export function rankCandidates(
  request: CandidateRequest,
  providers: ReadonlyArray<ProviderForRanking>,
  selected: ReadonlySet<string>,
  areas: AreaMap,
  filters: CandidateFilters = NO_FILTERS,
): Candidate[] {
  const area = request.area.trim().toLowerCase()
  const here = areas.locate(request.location, request.area)
  const trade = serviceLabel(request.service_category)
  return ranked(
    providers
      .filter(({ row }) => row.active && row.services.includes(request.service_category))
      .flatMap(({ row, applicationUuid, history = NO_HISTORY }) => {
        const served = row.service_area.find((a) => a.trim().toLowerCase() === area)
        if (served === undefined) return []
        const home = row.service_area[0] === undefined ? null : areas.town(row.service_area[0])
        const km = here === null || home === null ? null : Math.round(haversineKm(here, home) * 10) / 10
        // An unknown distance passes a maximum, as on the page's filter.
        if (filters.maxKm !== null && km !== null && km > filters.maxKm) return []
        const reasons = [
          `Offers ${trade}`,
          `Serves ${served}`,
          row.rating === null ? "New provider: not rated yet" : `Rating ${row.rating.toFixed(1)}`,
          loadReason(row.current_load),
        ]
        const factors = scoreFactors({
          mainTrade: row.services[0] === request.service_category,
          tradeLabel: trade,
          distanceKm: km,
          openJobs: row.current_load,
          capacity: row.capacity,
          ...history,
          rating: row.rating,
          // Presumed valid until ../documents/candidate-documents.ts says otherwise (withDocumentFactor).
          documentWarnings: applicationUuid === null ? null : [],
        })
        return [
          {
            ...providerToWire(row, applicationUuid),
            rank: 0,
            score: scoreOf(factors),
            factors,
            distance_km: km,
            capacity: row.capacity,
            reasons,
            selected: selected.has(row.uuid),
          },
        ]
      }),
  )
}

/** Candidates whose documents were found expired or expiring lose the documents factor; ranked again. */
export function withDocumentFactor(candidates: ReadonlyArray<Candidate>): Candidate[] {
  return ranked(
    candidates.map((c) => {
      const warnings = c.document_warnings
      if (warnings === undefined || warnings.length === 0) return c
      const factors = c.factors.map((f) =>
        f.key === "documents" ? { ...f, points: 0, detail: warnings.join("; ") } : f,
      )
      return { ...c, factors, score: scoreOf(factors) }
    }),
  )
}

/**
 * The database narrows to the service and area by one indexed key and brings each company's offers record
 * from the table the offers' triggers keep (not aggregated here); rankCandidates re-checks and orders.
 */
export async function loadCandidates(
  db: Db,
  request: CandidateRequest,
  selected: ReadonlySet<string>,
): Promise<Candidate[]> {
  const rows = await candidateRows(db, request, NO_FILTERS)
  // After the candidates: inside a transaction both share one connection.
  const areas = await loadAreas(db)
  return rankRows(request, rows, selected, areas)
}

export const rankRows = (
  request: CandidateRequest,
  rows: Awaited<ReturnType<typeof candidateRows>>,
  selected: ReadonlySet<string>,
  areas: AreaMap,
  filters: CandidateFilters = NO_FILTERS,
) =>
  rankCandidates(
    request,
    rows.map(({ application_uuid, accepted, closed, median_seconds, ...row }) => ({
      row,
      applicationUuid: application_uuid,
      history:
        accepted === null || closed === null
          ? NO_HISTORY
          : {
              accepted,
              closed,
              medianAnswerHours: median_seconds === null ? null : Number(median_seconds) / 3600,
            },
    })),
    selected,
    areas,
    filters,
  )
