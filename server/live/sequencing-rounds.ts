// Sequencing rounds of one database (./change-log.ts): each commit with live entries must be followed by a
// sequencing that starts after it, and one round covers every commit before it. So at most one round runs at a
// time per instance, and commits that come while it runs share the next one instead of each taking the log's
// lock, moving what the round before already moved, and flushing the WAL once more. At 200 decisions a second
// a round each queued the decisions behind the lock (bench/RESULTS.md).
import type { DatabaseConnection } from "kysely"

type Round = (connection: DatabaseConnection) => Promise<void>

/**
 * Returns what a commit awaits: a round that starts after the call and is over when the promise settles. The
 * next round runs on the connection of the first commit that waits for it, which is idle until it is over.
 */
export function sequencingRounds(round: Round): Round {
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null
  const start = (connection: DatabaseConnection): Promise<void> => {
    const started: Promise<void> = round(connection).finally(() => {
      if (running === started) running = null
    })
    running = started
    return started
  }
  return (connection) => {
    if (running === null) return start(connection)
    next ??= running.then(() => {
      next = null
      return start(connection)
    })
    return next
  }
}
