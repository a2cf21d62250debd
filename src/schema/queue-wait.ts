import { Schema } from "effect"

// How long a pending record has waited, and whether it is due or overdue (docs/behaviour.md#waiting-time).
// The thresholds are the server's settings and "now" is the server's clock: both travel in the answers that
// show waiting, so the list, the dashboard and the reminders measure the same wait against the same limits.

const Seconds = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))

/** What a waiting time is measured against. */
export const QueueTimes = Schema.Struct({
  /** The server's time when it answered. */
  as_of: Schema.String,
  due_after_seconds: Seconds,
  overdue_after_seconds: Seconds,
})
export type QueueTimes = typeof QueueTimes.Type

/** One queue's pending records past each threshold: `due` are not yet overdue; `overdue` are. */
export const WaitCounts = Schema.Struct({ due: Count, overdue: Count })
export type WaitCounts = typeof WaitCounts.Type

export type WaitLevel = "due" | "overdue"

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
/** Under two days a wait reads in hours ("30 h"); from then on in days and hours ("3 d 4 h"). */
const HOURS_ONLY_BELOW_MS = 2 * DAY_MS

/** Milliseconds from submission to the server's `as_of` (never negative: clocks may disagree slightly). */
export const waitedMs = (submittedAt: string, times: QueueTimes): number =>
  Math.max(0, Date.parse(times.as_of) - Date.parse(submittedAt))

/** Due from `due_after_seconds` of waiting, overdue from `overdue_after_seconds`, both inclusive. */
export function waitLevel(submittedAt: string, times: QueueTimes): WaitLevel | null {
  const waited = waitedMs(submittedAt, times)
  if (waited >= times.overdue_after_seconds * 1000) return "overdue"
  if (waited >= times.due_after_seconds * 1000) return "due"
  return null
}

/** "12 min", "5 h", "3 d 4 h": short enough for a table cell, exact to the unit shown. */
export function waitedText(ms: number): string {
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min`
  if (ms < HOURS_ONLY_BELOW_MS) return `${Math.floor(ms / HOUR_MS)} h`
  const days = Math.floor(ms / DAY_MS)
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS)
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`
}

export const WAIT_LEVEL_LABEL: Readonly<Record<WaitLevel, string>> = { due: "Due", overdue: "Overdue" }
