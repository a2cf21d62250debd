// Socket timings. Production values are fixed here; tests shorten the heartbeat through the environment
// (WS_HEARTBEAT_MS) so that a dead client is found in milliseconds rather than half a minute.
import type { Env } from "../config"

/** A client that has not answered the previous ping by the next one is terminated. */
export const HEARTBEAT_MS = 30_000
/** Rows sent per catch-up query; a socket that missed more keeps receiving pages until it is level. */
export const CATCH_UP_BATCH = 200
/** A socket remembers this many ids it was sent, so a row seen live and in a catch-up goes out once. */
export const RECENT_IDS_KEPT = 1000

export interface SocketConfig {
  readonly heartbeatMs: number
}

export function socketConfig(env: Env = process.env): SocketConfig {
  const raw = env.WS_HEARTBEAT_MS?.trim()
  if (!raw) return { heartbeatMs: HEARTBEAT_MS }
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 10 || value > 3_600_000)
    throw new Error(`WS_HEARTBEAT_MS must be an integer from 10 to 3600000, got "${raw}".`)
  return { heartbeatMs: value }
}
