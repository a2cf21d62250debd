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
