import { sql } from "kysely"
import { type Candidate, type ServiceCategory, serviceLabel } from "../../src/schema/marketplace/marketplace"
import type { Db } from "./db"
import { type ProviderRow, providerToWire } from "./wire"

// Which providers could take a request, best first, and why. A candidate is an active provider offering the
// request's service in the request's area; among those, a good rating and spare capacity rank higher. The
// reasons are the same facts in words, so a coordinator can check the ranking rather than trust it.

/** An unrated provider is treated as average, neither hidden nor favoured. */
const NEUTRAL_RATING = 3
/** At this many open jobs a provider earns no capacity points at all. */
const FULL_LOAD = 10
const RATING_POINTS = 60
const LOAD_POINTS = 40

export interface CandidateRequest {
  readonly service_category: ServiceCategory
  readonly area: string
}

export interface ProviderForRanking {
  readonly row: ProviderRow
  readonly applicationUuid: string | null
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

export const candidateScore = (rating: number | null, load: number): number => {
  const ratingPart = (((rating ?? NEUTRAL_RATING) - 1) / 4) * RATING_POINTS
  const loadPart = Math.max(0, 1 - load / FULL_LOAD) * LOAD_POINTS
  return Math.round(ratingPart + loadPart)
}

export function rankCandidates(
  request: CandidateRequest,
  providers: ReadonlyArray<ProviderForRanking>,
  selected: ReadonlySet<string>,
): Candidate[] {
  const area = request.area.trim().toLowerCase()
  return providers
    .filter(({ row }) => row.active && row.services.includes(request.service_category))
    .flatMap(({ row, applicationUuid }) => {
      const served = row.service_area.find((a) => a.trim().toLowerCase() === area)
      if (served === undefined) return []
      const reasons = [
        `Offers ${serviceLabel(request.service_category)}`,
        `Serves ${served}`,
        row.rating === null ? "New provider: not rated yet" : `Rating ${row.rating.toFixed(1)}`,
        loadReason(row.current_load),
      ]
      const score = candidateScore(row.rating, row.current_load)
      return [{ ...providerToWire(row, applicationUuid), score, reasons, selected: selected.has(row.uuid) }]
    })
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.rating ?? NEUTRAL_RATING) - (a.rating ?? NEUTRAL_RATING) ||
        a.current_load - b.current_load ||
        a.company_name.localeCompare(b.company_name),
    )
    .map((candidate, i) => ({ ...candidate, rank: i + 1 }))
}

/** The database narrows to the service and area; rankCandidates re-checks and orders. */
export async function loadCandidates(
  db: Db,
  request: CandidateRequest,
  selected: ReadonlySet<string>,
): Promise<Candidate[]> {
  const rows = await db
    .selectFrom("provider as p")
    .leftJoin("company_application as a", "a.id", "p.application_id")
    .selectAll("p")
    .select("a.uuid as application_uuid")
    .where("p.active", "=", true)
    .where("p.services", "@>", sql<ServiceCategory[]>`array[${request.service_category}]::text[]`)
    .where(
      sql<boolean>`exists (select 1 from unnest(p.service_area) as s(area) where lower(trim(s.area)) = ${request.area.trim().toLowerCase()})`,
    )
    .execute()
  return rankCandidates(
    request,
    rows.map(({ application_uuid, ...row }) => ({ row, applicationUuid: application_uuid })),
    selected,
  )
}
