import type { LiveFact } from "../system/facts"

// What a load that page machines make says about the live stream (docs/behaviour.md#catching-up): the answer
// reflects at least this change-log position, so the socket resumes from it and liveRecords checks that the
// stream covers it. Pure; the machines emit the fact.

/** The fact for an answer that says its position; null for one that does not (an older server). */
export const heldFact = (answer: { readonly live_position?: number }): LiveFact | null =>
  answer.live_position === undefined ? null : { type: "live.held", position: answer.live_position }

/** The oldest position several answers reflect together; undefined when one of them says none. */
export function oldestPosition(
  answers: ReadonlyArray<{ readonly live_position?: number }>,
): number | undefined {
  let oldest: number | undefined
  for (const { live_position } of answers) {
    if (live_position === undefined) return undefined
    oldest = oldest === undefined ? live_position : Math.min(oldest, live_position)
  }
  return oldest
}
