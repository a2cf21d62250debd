import { Schema } from "effect"

// The team's figures for /reports, each computed by the database: received against decided per day, time
// to decision per kind (median and 90th percentile) with the share decided within target, the pending
// backlog by age, and decisions per person. Days are UTC days; times are seconds.

const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))
const Seconds = Schema.NullOr(Schema.Number)

export const REPORT_PERIODS = ["30", "90"] as const
export const ReportQuery = Schema.Struct({ days: Schema.optionalKey(Schema.Literals(REPORT_PERIODS)) })
export type ReportQuery = typeof ReportQuery.Type

export const ReportKind = Schema.Literals(["work", "maintenance", "application"])
export type ReportKind = typeof ReportKind.Type

export const DailyFlow = Schema.Struct({ day: Schema.String, received: Count, decided: Count })
export type DailyFlow = typeof DailyFlow.Type

export const KindTiming = Schema.Struct({
  kind: ReportKind,
  decided: Count,
  median_seconds: Seconds,
  p90_seconds: Seconds,
  /** Decided before it had waited the overdue threshold. */
  within_target: Count,
})
export type KindTiming = typeof KindTiming.Type

export const BACKLOG_BUCKETS = [
  "under 1 day",
  "1 to 3 days",
  "3 to 7 days",
  "7 to 30 days",
  "over 30 days",
] as const
export const BacklogBucket = Schema.Struct({ age: Schema.Literals(BACKLOG_BUCKETS), pending: Count })
export type BacklogBucket = typeof BacklogBucket.Type

export const PersonLoad = Schema.Struct({ name: Schema.String, decisions: Count, median_seconds: Seconds })
export type PersonLoad = typeof PersonLoad.Type

/**
 * One provider's answers to the offers made in the period (docs/behaviour.md#offers): its acceptance rate is
 * accepted of answered (accepted and declined); an offer that expired or was withdrawn was not answered.
 */
export const ProviderAcceptance = Schema.Struct({
  provider: Schema.String,
  offered: Count,
  accepted: Count,
  declined: Count,
  expired: Count,
})
export type ProviderAcceptance = typeof ProviderAcceptance.Type

export const ReportSummary = Schema.Struct({
  days: Count,
  as_of: Schema.String,
  /** What "within target" means: decided within this many seconds of submission (the overdue threshold). */
  target_seconds: Count,
  daily: Schema.Array(DailyFlow),
  by_kind: Schema.Array(KindTiming),
  backlog: Schema.Array(BacklogBucket),
  people: Schema.Array(PersonLoad),
  /** Providers' answers to the period's offers, most offered first. */
  provider_acceptance: Schema.Array(ProviderAcceptance),
})
export type ReportSummary = typeof ReportSummary.Type
