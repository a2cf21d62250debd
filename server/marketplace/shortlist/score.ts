import type { ScoreFactor } from "../../../src/schema/marketplace/candidates"

// How a candidate's score is made (docs/behaviour.md#choosing-providers): seven factors, each worth at most
// its weight; the score is their sum, so every point on the page can be traced to a fact. A fact nobody knows
// yet (no offers answered, no rating, no documents on file, an address outside the known postcode areas)
// earns half its weight: a newcomer is neither hidden nor favoured.

export const SCORE_WEIGHTS = {
  trade: 15,
  distance: 20,
  capacity: 20,
  acceptance: 15,
  answer_time: 10,
  rating: 15,
  documents: 5,
} as const

/** At this distance a company earns no distance points. */
export const FAR_KM = 150
/** An answer this slow (the default offer expiry) earns no answer-time points. */
export const SLOW_ANSWER_HOURS = 48
/** The share of a factor's weight an unknown fact earns. */
export const NEUTRAL_SHARE = 0.5
/** A trade the company also offers, beside its main one, earns this share. */
export const SIDELINE_SHARE = 2 / 3

export interface ScoreFacts {
  /** The request's trade is the company's first (main) one. */
  readonly mainTrade: boolean
  readonly tradeLabel: string
  readonly distanceKm: number | null
  readonly openJobs: number
  readonly capacity: number
  /** Offers accepted, and offers answered or expired, in the company's history. */
  readonly accepted: number
  readonly closed: number
  readonly medianAnswerHours: number | null
  readonly rating: number | null
  /** null: no documents on file (a company that predates applications). */
  readonly documentWarnings: ReadonlyArray<string> | null
}

const tenth = (n: number): number => Math.round(n * 10) / 10
const clamp01 = (n: number): number => Math.min(1, Math.max(0, n))
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

function factor(key: ScoreFactor["key"], label: string, share: number, detail: string): ScoreFactor {
  const max = SCORE_WEIGHTS[key]
  return { key, label, points: tenth(clamp01(share) * max), max, detail }
}

export function scoreFactors(f: ScoreFacts): ScoreFactor[] {
  const free = Math.max(0, f.capacity - f.openJobs)
  return [
    f.mainTrade
      ? factor("trade", "Trade", 1, `${f.tradeLabel} is its main trade`)
      : factor("trade", "Trade", SIDELINE_SHARE, `Also offers ${f.tradeLabel}`),
    f.distanceKm === null
      ? factor("distance", "Distance", NEUTRAL_SHARE, "Distance unknown")
      : factor("distance", "Distance", 1 - f.distanceKm / FAR_KM, `${Math.round(f.distanceKm)} km away`),
    factor(
      "capacity",
      "Capacity",
      free / f.capacity,
      `${plural(f.openJobs, "open job")} of ${f.capacity}${free === 0 ? ": full" : ""}`,
    ),
    f.closed === 0
      ? factor("acceptance", "Acceptance", NEUTRAL_SHARE, "No offers answered yet")
      : factor(
          "acceptance",
          "Acceptance",
          f.accepted / f.closed,
          `Accepted ${f.accepted} of ${plural(f.closed, "offer")}`,
        ),
    f.medianAnswerHours === null
      ? factor("answer_time", "Answer time", NEUTRAL_SHARE, "No answers yet")
      : factor(
          "answer_time",
          "Answer time",
          1 - f.medianAnswerHours / SLOW_ANSWER_HOURS,
          `Answers in ${f.medianAnswerHours < 1 ? "under an hour" : `${Math.round(f.medianAnswerHours)} h`} (median)`,
        ),
    f.rating === null
      ? factor("rating", "Rating", NEUTRAL_SHARE, "Not rated yet")
      : factor("rating", "Rating", (f.rating - 1) / 4, `Rated ${f.rating.toFixed(1)}`),
    f.documentWarnings === null
      ? factor("documents", "Documents", NEUTRAL_SHARE, "No documents on file")
      : f.documentWarnings.length === 0
        ? factor("documents", "Documents", 1, "Documents valid")
        : factor("documents", "Documents", 0, f.documentWarnings.join("; ")),
  ]
}

/** The factors' points added up, to the tenth they are given in. */
export const scoreOf = (factors: ReadonlyArray<ScoreFactor>): number =>
  tenth(factors.reduce((sum, f) => sum + f.points, 0))
