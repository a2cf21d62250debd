import type {
  RequestKind,
  RequestStatus,
  ServiceCategory,
  Urgency,
} from "../../../src/schema/marketplace/marketplace"
import { candidateScore } from "../candidates"
import { staffRole } from "./generate-companies"
import { DAY, daysBefore, hoursAfter, isoDay, type SeedProvider, type SeedRequest } from "./model"
import type { Random } from "./random"
import {
  ACCESS_NOTES,
  FIRST_NAMES,
  JOBS,
  MAINTENANCE_JOBS,
  PHOTO_NAMES,
  PROBLEM_DETAILS,
  REQUEST_REJECTIONS,
  SITES,
  STREETS,
  SURNAMES,
  TOWNS,
} from "./vocabulary"

// Work and maintenance requests in every status. Most ask for a service some provider offers in their town
// (so approved ones have candidates and some have providers chosen); a few ask for what nobody offers there.

/** Four pending, four approved and two rejected in every ten. */
const REQUEST_PATTERN: ReadonlyArray<RequestStatus> = [
  "pending",
  "approved",
  "pending",
  "rejected",
  "approved",
  "pending",
  "approved",
  "approved",
  "rejected",
  "pending",
]

const URGENCIES: ReadonlyArray<Urgency> = ["low", "normal", "normal", "normal", "high", "high", "emergency"]

/** The letters a postcode's inward part may use (no C, I, K, M, O or V). */
const INWARD = "ABDEFGHJLNPQRSTUWXYZ"

const postcode = (random: Random, area: string): string =>
  `${area}${random.int(1, 28)} ${random.int(1, 9)}${random.pick([...INWARD])}${random.pick([...INWARD])}`

function serviceAndTown(random: Random, providers: ReadonlyArray<SeedProvider>) {
  const provider = random.chance(0.9) ? random.pick(providers) : null
  const service: ServiceCategory = provider
    ? random.pick(provider.services)
    : random.pick(Object.keys(JOBS) as ServiceCategory[])
  const townName = provider ? random.pick(provider.service_area) : random.pick(TOWNS).name
  const town = TOWNS.find((t) => t.name === townName) ?? random.pick(TOWNS)
  return { service, town }
}

function titleFor(random: Random, kind: RequestKind, service: ServiceCategory): string {
  const planned = MAINTENANCE_JOBS.filter(([s]) => s === service).map(([, title]) => title)
  if (kind === "maintenance" && planned.length > 0 && random.chance(0.6)) return random.pick(planned)
  return random.pick(JOBS[service])
}

/** The best few active candidates, as the candidates call would rank them. */
function topCandidates(providers: ReadonlyArray<SeedProvider>, service: ServiceCategory, area: string) {
  return providers
    .filter((p) => p.active && p.services.includes(service) && p.service_area.includes(area))
    .sort((a, b) => candidateScore(b.rating, b.current_load) - candidateScore(a.rating, a.current_load))
}

export function makeRequests(
  random: Random,
  now: Date,
  kind: RequestKind,
  count: number,
  providers: ReadonlyArray<SeedProvider>,
): SeedRequest[] {
  return Array.from({ length: count }, (_, i) => {
    const status = REQUEST_PATTERN[i % REQUEST_PATTERN.length] ?? "pending"
    const { service, town } = serviceAndTown(random, providers)
    const title = titleFor(random, kind, service)
    const street = `${random.int(1, 180)} ${random.pick(STREETS)}`
    const location =
      kind === "work"
        ? `${street}, ${town.name} ${postcode(random, town.postcode)}`
        : `${random.pick(SITES)}, ${random.pick(STREETS)}, ${town.name} ${postcode(random, town.postcode)}`
    const submitted_at =
      status === "pending" ? daysBefore(now, random.int(0, 300) / 24) : daysBefore(now, random.int(4, 50))
    const from = new Date(submitted_at.getTime() + random.int(1, 14) * DAY)
    const decided_at = hoursAfter(submitted_at, random.int(1, 60))
    const candidates = topCandidates(providers, service, town.name)
    const choose = status === "approved" && candidates.length > 0 && random.chance(0.6)
    const chosen = choose ? candidates.slice(0, random.int(1, Math.min(3, candidates.length))) : []
    for (const p of chosen) p.current_load += 1
    return {
      uuid: random.uuid(),
      kind,
      title,
      description: `${title}. ${random.pick(PROBLEM_DETAILS)} ${random.pick(ACCESS_NOTES)}`,
      customer_name: `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`,
      location,
      area: town.name,
      service_category: service,
      urgency: random.pick(URGENCIES),
      preferred_dates: random.chance(0.7)
        ? [isoDay(from), isoDay(new Date(from.getTime() + random.int(0, 10) * DAY))]
        : null,
      budget_pence: random.chance(0.65) ? random.int(12, 1200) * 500 : null,
      photos: random.sample(PHOTO_NAMES, random.int(0, 3)),
      submitted_at,
      status,
      decision:
        status === "pending"
          ? null
          : {
              by: staffRole(random),
              at: decided_at,
              reason: status === "rejected" ? random.pick(REQUEST_REJECTIONS) : null,
            },
      selection: choose
        ? {
            by: staffRole(random),
            at: hoursAfter(decided_at, random.int(1, 30)),
            providers: chosen.map((p) => p.uuid),
          }
        : null,
    }
  })
}
