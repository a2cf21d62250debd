// How long the live change log keeps an entry (LIVE_LOG_RETENTION_SECONDS). A page away for longer (a laptop
// asleep overnight) cannot be caught up from the log and reloads its data instead. Pruning runs every tenth
// of the retention, at most once a minute and at least once a second.
import type { Env } from "../config"

export const LIVE_LOG_RETENTION_SECONDS = 3600
const PRUNE_EVERY_MAX_MS = 60_000
const PRUNE_EVERY_MIN_MS = 1000
/**
 * How often each instance moves entries left pending into the log: only an instance that died between a
 * commit and its sequencing leaves any, and the pages hear of them this late at most.
 */
export const LIVE_SWEEP_EVERY_MS = 1000

export interface LiveLogConfig {
  readonly retentionMs: number
  readonly pruneEveryMs: number
}

export function liveLogConfig(env: Env = process.env): LiveLogConfig {
  const raw = env.LIVE_LOG_RETENTION_SECONDS?.trim()
  const seconds = raw ? Number(raw) : LIVE_LOG_RETENTION_SECONDS
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 30 * 86_400)
    throw new Error(`LIVE_LOG_RETENTION_SECONDS must be an integer from 1 to 2592000, got "${raw}".`)
  const retentionMs = seconds * 1000
  return {
    retentionMs,
    pruneEveryMs: Math.min(PRUNE_EVERY_MAX_MS, Math.max(PRUNE_EVERY_MIN_MS, Math.round(retentionMs / 10))),
  }
}
