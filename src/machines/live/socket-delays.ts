import { SOCKET, socketBackoffMs } from "../../constants"

// How long the socket waits before it knocks again. Every wait is drawn uniformly between nothing and its
// bound ("full jitter"): when an instance dies, every tab it served loses its socket at the same instant, and
// waits of one fixed length (or spread only a little around it) would bring them all back in the same second.
// The random source comes in from src/effects, so that path tests, which run the machine's own bounds, stay
// deterministic.

/** A number in [0, 1), as Math.random gives. */
export type Random = () => number

/** The wait before quick attempt n (1-based): at most the backoff's bound (1 s doubling, capped at 15 s). */
export const reconnectDelayMs = (attempt: number, random: Random): number =>
  Math.floor(random() * (socketBackoffMs(attempt) + 1))

/** The wait before a slow attempt, once the quick ones are spent: at most the configured interval. */
export const slowRetryDelayMs = (intervalMs: number, random: Random): number =>
  Math.floor(random() * (intervalMs + 1))

/** The bound of every quick wait, attempt by attempt: what a path test waits for. */
export const RECONNECT_BOUNDS_MS: ReadonlyArray<number> = Array.from(
  { length: SOCKET.maxReconnectAttempts },
  (_, i) => socketBackoffMs(i + 1),
)
