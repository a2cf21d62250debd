import { sql } from "kysely"
import type { Db } from "../db"

// A company's record with offers, for the shortlist: how many it accepted of those that closed (accepted,
// declined or expired; a withdrawn offer was our doing, not theirs) and how long it takes to answer (median).

export interface OfferHistory {
  readonly accepted: number
  readonly closed: number
  readonly medianAnswerHours: number | null
}

export const NO_HISTORY: OfferHistory = { accepted: 0, closed: 0, medianAnswerHours: null }

export async function offerHistory(
  db: Db,
  providerIds: ReadonlyArray<number>,
): Promise<Map<number, OfferHistory>> {
  if (providerIds.length === 0) return new Map()
  const rows = await db
    .selectFrom("provider_offer")
    .select([
      "provider_id",
      sql<number>`count(*) filter (where state = 'accepted')::int`.as("accepted"),
      sql<number>`count(*) filter (where state in ('accepted', 'declined', 'expired'))::int`.as("closed"),
      sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from answered_at - offered_at)) filter (where state in ('accepted', 'declined') and answered_at is not null)`.as(
        "median_seconds",
      ),
    ])
    .where("provider_id", "in", [...providerIds])
    .where("state", "in", ["accepted", "declined", "expired"])
    .groupBy("provider_id")
    .execute()
  return new Map(
    rows.map((r) => [
      r.provider_id,
      {
        accepted: Number(r.accepted),
        closed: Number(r.closed),
        medianAnswerHours: r.median_seconds === null ? null : Number(r.median_seconds) / 3600,
      },
    ]),
  )
}
