import { Schema } from "effect"
import { AuditEntry, Count, Timestamp, Uuid } from "../marketplace/marketplace"
import { QueueTimes, WaitCounts } from "../marketplace/queue-wait"

// The coordinator's overview as the dashboard answer carries it: the size of every queue, the oldest thing
// waiting in each, due and overdue counts, the latest changes.

export const RequestCounts = Schema.Struct({
  pending: Count,
  approved: Count,
  rejected: Count,
  /** Approved, and no provider has accepted yet (docs/behaviour.md#offers). */
  awaiting_providers: Count,
})
export const ApplicationCounts = Schema.Struct({ pending: Count, accepted: Count, rejected: Count })
export const PendingItem = Schema.Struct({ uuid: Uuid, title: Schema.String, submitted_at: Timestamp })
export type PendingItem = typeof PendingItem.Type

export const DashboardSummary = Schema.Struct({
  work_requests: RequestCounts,
  maintenance_requests: RequestCounts,
  company_applications: ApplicationCounts,
  providers: Schema.Struct({ active: Count, inactive: Count }),
  /** The signed-in user's unread in-app notifications. */
  unread_notifications: Count,
  oldest_pending: Schema.Struct({
    work_request: Schema.NullOr(PendingItem),
    maintenance_request: Schema.NullOr(PendingItem),
    company_application: Schema.NullOr(PendingItem),
  }),
  /** The last ten audit entries over every record, newest first. */
  recent_activity: Schema.Array(AuditEntry),
  /** Pending records past the due and overdue thresholds, per queue (docs/behaviour.md#waiting-time). */
  waiting: Schema.Struct({
    work_request: WaitCounts,
    maintenance_request: WaitCounts,
    company_application: WaitCounts,
    queue: QueueTimes,
  }),
  /** The live position the summary reflects at least (docs/behaviour.md#catching-up). */
  live_position: Schema.optionalKey(Count),
})
export type DashboardSummary = typeof DashboardSummary.Type
