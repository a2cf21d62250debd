import type { QueueTimes, WaitCounts } from "../../schema/marketplace/queue-wait"
import * as css from "./queue-wait.css"
import { WAIT_LEVEL_LABEL, type WaitLevel, waitedMs, waitedText, waitLevel } from "./wait-time"

// How long a pending record has waited, measured to the server's time with the server's thresholds
// (docs/behaviour.md#waiting-time), so the list, the dashboard and the reminders agree.

export function WaitBadge({ level }: { level: WaitLevel }) {
  return <span className={css.badge[level]}>{WAIT_LEVEL_LABEL[level]}</span>
}

/** The Waited cell's content: "3 d 4 h" and, past a threshold, its badge. */
export function Waited({ submittedAt, queue }: { submittedAt: string; queue: QueueTimes }) {
  const level = waitLevel(submittedAt, queue)
  // One element: on a phone the cell is a two-column line (name, value), and the badge belongs to the value.
  return (
    <span>
      <span className={css.waited}>{waitedText(waitedMs(submittedAt, queue))}</span>
      {level ? <WaitBadge level={level} /> : null}
    </span>
  )
}

/** A queue's due and overdue counts, as the dashboard shows them under the queue's size. */
export function WaitCountBadges({ counts }: { counts: WaitCounts }) {
  return (
    <p className={css.counts}>
      <span className={css.badge.due}>{counts.due} due</span>
      <span className={css.badge.overdue}>{counts.overdue} overdue</span>
    </p>
  )
}
