// Time enters the server through one seam so that tests can step over token lifetimes and grace windows
// instead of sleeping through them.

export interface Clock {
  /** Milliseconds since the epoch. */
  readonly now: () => number
}

export const systemClock: Clock = { now: () => Date.now() }
