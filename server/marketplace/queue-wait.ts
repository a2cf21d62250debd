import type { QueueTimes, WaitCounts } from "../../src/schema/marketplace/queue-wait"
import type { Config } from "../config"
import { iso } from "./text"

// The server's side of waiting time (docs/behaviour.md#waiting-time): what the list and dashboard answers
// measure waits against, and the dashboard's due and overdue counts. A record is due from
// `due_after_seconds` of waiting and overdue from `overdue_after_seconds`, both inclusive, exactly as
// src/schema/marketplace/queue-wait.ts reads the same numbers in the browser.

export type QueueSettings = Pick<Config, "queueDueAfterSeconds" | "queueOverdueAfterSeconds">

export const queueTimes = (settings: QueueSettings, now: Date): QueueTimes => ({
  as_of: iso(now),
  due_after_seconds: settings.queueDueAfterSeconds,
  overdue_after_seconds: settings.queueOverdueAfterSeconds,
})

/** The latest submission time at which a record is past `seconds` of waiting at `now`. */
export const submittedBy = (now: Date, seconds: number): Date => new Date(now.getTime() - seconds * 1000)

/** The latest submission times at which a pending record is due, and overdue, at the answer's `as_of`. */
export interface WaitBounds {
  readonly dueBy: Date
  readonly overdueBy: Date
}

export const waitBounds = (times: QueueTimes): WaitBounds => {
  const now = new Date(times.as_of)
  return {
    dueBy: submittedBy(now, times.due_after_seconds),
    overdueBy: submittedBy(now, times.overdue_after_seconds),
  }
}

/**
 * A queue's counts from its pending records submitted by `dueBy` and, of those, by `overdueBy` too: `due` are
 * the ones not yet overdue.
 */
export const waitCounts = (dueOrOverdue: number, overdue: number): WaitCounts => ({
  due: dueOrOverdue - overdue,
  overdue,
})
