import type { Assignee } from "../../schema/marketplace/marketplace"
import type { ChangeMark, RemoteChange } from "../live/remote-change"
import type { RecordDetail, RecordRef, ReviewDecision } from "./marketplace-types"

// What a record's detail page holds and hears (review.machine.ts).

export interface ReviewContext {
  readonly target: RecordRef
  readonly record: RecordDetail | null
  readonly decision: ReviewDecision | null
  readonly error: string | null
  readonly conflict: string | null
  /** The last change someone else made while the page was open: "Rejected by Cora Second just now". */
  readonly mark: ChangeMark | null
}

export type ReviewEvent =
  | { type: "review.approve" }
  | { type: "review.reject" }
  | { type: "review.confirm" }
  | { type: "review.submitReason"; reason: string }
  /** Ask an application's applicant for more information. */
  | { type: "review.requestInfo" }
  | { type: "review.submitMessage"; message: string }
  /** Accept over the checklist, saying why. */
  | { type: "review.submitOverride"; reason: string }
  | { type: "review.cancel" }
  | { type: "review.retry" }
  /** A record changed elsewhere (bus: records.remoteChanged): this one's status and actions follow at once. */
  | { type: "review.remoteChanged"; change: RemoteChange }
  /** The socket came back after a loss (bus: records.resync): loaded again in the background. */
  | { type: "review.refresh" }
  /** A claim made here or anywhere (bus): the record shown takes the new assignee (docs/behaviour.md#claims). */
  | {
      type: "review.assigned"
      uuid: string
      assignee: Assignee | null
      /** The whole record after a claim made in this tab (its audit trail names the claim too). */
      record?: RecordDetail
    }
