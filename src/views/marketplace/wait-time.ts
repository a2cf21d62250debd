import type { QueueTimes } from "../../schema/marketplace/queue-wait"

// How long a pending record has waited, and whether it is due or overdue (docs/behaviour.md#waiting-time),
// measured against the thresholds and the server's time that ../../schema/marketplace/queue-wait.ts describes. Apart from the
// schema, so that the dashboard's first paint does not wait for Schema's code to draw a wait.

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
