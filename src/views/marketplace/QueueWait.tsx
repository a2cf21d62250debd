import type { QueueTimes, WaitCounts } from "../../schema/marketplace/queue-wait"
import * as css from "./queue-wait.css"
import {
  WAIT_LEVEL_LABEL,
  type WaitLevel,
  waitedMs,
  waitedText,
  waitLevel,
  waitLevelMeaning,
} from "./wait-time"

// How long a pending record has waited, measured to the server's time with the server's thresholds
// (docs/behaviour.md#waiting-time), so the list, the dashboard and the reminders agree.

/** The badge says its rule as its tooltip, which browsers also give screen readers as its description. */
export function WaitBadge({ level, queue }: { level: WaitLevel; queue: QueueTimes }) {
  const meaning = waitLevelMeaning(level, queue)
  return (
    <span className={css.badge[level]} title={meaning}>
      {WAIT_LEVEL_LABEL[level]}
    </span>
  )
}

/** The Waited cell's content: "3 d 4 h" and, past a threshold, its badge. */
export function Waited({ submittedAt, queue }: { submittedAt: string; queue: QueueTimes }) {
  const level = waitLevel(submittedAt, queue)
  // One element: on a phone the cell is a two-column line (name, value), and the badge belongs to the value.
  return (
    <span>
      <span className={css.waited}>{waitedText(waitedMs(submittedAt, queue))}</span>
      {level ? <WaitBadge level={level} queue={queue} /> : null}
    </span>
  )
}

/** A queue's due and overdue counts, as the dashboard shows them under the queue's size. */
export function WaitCountBadges({ counts, queue }: { counts: WaitCounts; queue: QueueTimes }) {
  const due = waitLevelMeaning("due", queue)
  const overdue = waitLevelMeaning("overdue", queue)
  return (
    <p className={css.counts}>
      <span className={css.badge.due} title={due}>
        {counts.due} due
      </span>
      <span className={css.badge.overdue} title={overdue}>
        {counts.overdue} overdue
      </span>
    </p>
  )
}
