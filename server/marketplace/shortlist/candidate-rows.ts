import type { ServiceCategory } from "../../../src/schema/marketplace/marketplace"
import type { Db } from "../db"

// The rows the shortlist ranks: the active companies offering a trade in a town, each with its application's
// uuid and its offers record (the table the offers' triggers keep, ./offer-stats-migration.ts).

/** What the caller narrowed the shortlist to; the page's filters mean the same. */
export interface CandidateFilters {
  /** Kilometres; a candidate whose distance is unknown passes. */
  readonly maxKm: number | null
  /** Only companies with fewer open jobs than they can hold. */
  readonly hasCapacity: boolean
}

export const NO_FILTERS: CandidateFilters = { maxKm: null, hasCapacity: false }

/** The key of a trade in a town, as provider_coverage holds them (./offer-stats-migration.ts). */
export const coverageKey = (service: ServiceCategory, area: string): string =>
  `${service}|${area.trim().toLowerCase()}`

export interface CandidateWhere {
  readonly service_category: ServiceCategory
  readonly area: string
}

/**
 * One indexed key narrows to the trade and town; each company is then fetched by id in a lateral subquery,
 * its application and offers record by their keys inside it. "offset 0" keeps the planner from flattening the
 * subquery into a join that reads all 10,000 companies; the application is a scalar subquery because as a
 * join the planner hashed the whole applications table again for every company.
 */
export const candidateRows = (db: Db, where: CandidateWhere, filters: CandidateFilters) =>
  db
    .selectFrom("provider_coverage as c")
    .innerJoinLateral(
      (eb) => {
        const query = eb
          .selectFrom("provider")
          .leftJoin("provider_offer_stats as s", "s.provider_id", "provider.id")
          // Only what the answer shows: not the search text nor the generated keys.
          .select([
            "provider.uuid",
            "provider.company_name",
            "provider.services",
            "provider.service_area",
            "provider.rating",
            "provider.current_load",
            "provider.capacity",
            "provider.active",
            "provider.created_at",
            "s.accepted",
            "s.closed",
            "s.median_seconds",
          ])
          .select((sub) =>
            sub
              .selectFrom("company_application as a")
              .select("a.uuid")
              .whereRef("a.id", "=", "provider.application_id")
              .as("application_uuid"),
          )
          .whereRef("provider.id", "=", "c.provider_id")
          .where("provider.active", "=", true)
        return (
          filters.hasCapacity ? query.whereRef("provider.current_load", "<", "provider.capacity") : query
        )
          .offset(0)
          .as("p")
      },
      (join) => join.onTrue(),
    )
    .selectAll("p")
    .where("c.key", "=", coverageKey(where.service_category, where.area))
    .execute()
