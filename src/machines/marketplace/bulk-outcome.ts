import { decisionWords, type ReviewDecision } from "./marketplace-types"

// What one bulk decision did to each record, and the one line that sums it up. Pure, beside the machine.

/** A row as the bulk machine knows it: enough to act on it and to name it in a report. */
export interface BulkRow {
  readonly uuid: string
  readonly title: string
}

/** done: the decision stands; conflict: someone decided first (409); failed: anything else. */
export type BulkResult = "done" | "conflict" | "failed"

export interface BulkOutcome extends BulkRow {
  readonly result: BulkResult
  /** "approved", the server's 409 sentence, or the failure's words. */
  readonly message: string
}

export type SummaryTone = "success" | "warning" | "error"

export interface BulkSummary {
  readonly tone: SummaryTone
  readonly text: string
}

const countOf = (outcomes: ReadonlyArray<BulkOutcome>, result: BulkResult): number =>
  outcomes.filter((o) => o.result === result).length

/** "2 approved.", "1 approved, 1 already decided, 1 failed.": zero counts are left out. */
export function bulkSummary(
  decision: ReviewDecision | null,
  outcomes: ReadonlyArray<BulkOutcome>,
): BulkSummary {
  const done = countOf(outcomes, "done")
  const conflicts = countOf(outcomes, "conflict")
  const failed = countOf(outcomes, "failed")
  const parts = [
    done > 0 ? `${done} ${decisionWords(decision)}` : null,
    conflicts > 0 ? `${conflicts} already decided` : null,
    failed > 0 ? `${failed} failed` : null,
  ].filter((p): p is string => p !== null)
  const text = parts.length === 0 ? "Nothing was changed." : `${parts.join(", ")}.`
  // A batch that did nothing at all because of errors is an error; any mixed batch needs a look.
  const tone: SummaryTone =
    done === outcomes.length && done > 0 ? "success" : done === 0 && failed > 0 ? "error" : "warning"
  return { tone, text }
}
