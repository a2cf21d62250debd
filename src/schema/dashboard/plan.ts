import { Schema } from "effect"
import { Count } from "../marketplace/marketplace"
import { QueueTimes } from "../marketplace/queue-wait"

// The day's plan on the dashboard (docs/behaviour.md#planning-the-day): per record kind, what needs the
// coordinator today, and the team's open load per person.

export const PlanKind = Schema.Literals(["work", "maintenance", "application"])
export type PlanKind = typeof PlanKind.Type

export const PlanRow = Schema.Struct({
  kind: PlanKind,
  /** Pending and claimed by the caller. */
  mine: Count,
  /** Pending with urgency emergency; null for applications, which have no urgency. */
  emergencies: Schema.NullOr(Count),
  /** Pending, not overdue yet, and overdue before the end of today (UTC). */
  due_today: Count,
  overdue: Count,
  /** Approved with no provider chosen yet; null for applications. */
  awaiting_providers: Schema.NullOr(Count),
})
export type PlanRow = typeof PlanRow.Type

export const PersonOpen = Schema.Struct({ id: Schema.Number, full_name: Schema.String, open: Count })
export type PersonOpen = typeof PersonOpen.Type

export const DayPlan = Schema.Struct({
  queue: QueueTimes,
  /** When today ends (UTC): "due today" is overdue by then. */
  day_ends_at: Schema.String,
  kinds: Schema.Array(PlanRow),
  /** Pending records claimed, per person, most first. */
  load: Schema.Array(PersonOpen),
})
export type DayPlan = typeof DayPlan.Type
