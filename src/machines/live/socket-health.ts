import type { SnapshotFrom } from "xstate"
import type { socketMachine } from "./socket.machine"

export type HealthKind = "none" | "connecting" | "live" | "reconnecting" | "offline"

/**
 * The socket's health as people are told it: connecting (an attempt with nothing lost before it, as on every
 * page load or a restart with a new token), live, reconnecting (the quick attempts after a loss), or offline
 * (the quick attempts spent; a slow attempt in flight does not change that until it succeeds). Only a loss is
 * worth a word in the top bar: a page's first connection is not a reconnection.
 */
export function socketHealth(s: SnapshotFrom<typeof socketMachine>): HealthKind {
  if (s.matches({ connection: "open" })) return "live"
  if (s.matches("idle")) return "none"
  // Offline with no time to say (no WebSocket at all, so no close) is offline all the same.
  if (s.matches("offline") || s.context.offlineSince !== null) return "offline"
  return s.context.lost ? "reconnecting" : "connecting"
}
