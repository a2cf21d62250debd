// Presence timings. An instance refreshes its viewers' rows every PRESENCE_REFRESH_MS and sweeps rows older
// than PRESENCE_TTL_FACTOR refreshes (those of an instance that died without deleting its own). Tests shorten
// the refresh through the environment (PRESENCE_REFRESH_MS) to see a dead instance's viewers go in moments.
import type { Env } from "../config"

export const PRESENCE_REFRESH_MS = 10_000
/** Three missed refreshes: a busy instance is not mistaken for a dead one. */
export const PRESENCE_TTL_FACTOR = 3

export interface PresenceConfig {
  readonly refreshMs: number
  readonly ttlMs: number
}

export function presenceConfig(env: Env = process.env): PresenceConfig {
  const raw = env.PRESENCE_REFRESH_MS?.trim()
  const refreshMs = raw ? Number(raw) : PRESENCE_REFRESH_MS
  if (!Number.isInteger(refreshMs) || refreshMs < 10 || refreshMs > 3_600_000)
    throw new Error(`PRESENCE_REFRESH_MS must be an integer from 10 to 3600000, got "${raw}".`)
  return { refreshMs, ttlMs: refreshMs * PRESENCE_TTL_FACTOR }
}
