import { Effect } from "effect"

export interface RetryOptions<E> {
  /** How many times the effect is run again at most, after its first run. */
  readonly times: number
  /** The wait before retry n (1-based), in milliseconds. */
  readonly delayMs: (retry: number) => number
  /** Which failures are worth another run (default: every one). */
  readonly while?: (error: E) => boolean
}

/**
 * The effect run again while it fails with an error worth another run, at most `times` times, each after its
 * wait. Written out rather than with Effect's Schedule: Effect.retry brings Schedule's modules into the
 * runtime's chunk (vite.config.ts, "Effect"), which every signed-in page needs before it shows.
 */
export function retryWithDelays<A, E, R>(
  effect: Effect.Effect<A, E, R>,
  options: RetryOptions<E>,
): Effect.Effect<A, E, R> {
  const worth = options.while ?? (() => true)
  const attempt = (retry: number): Effect.Effect<A, E, R> =>
    retry > options.times
      ? effect
      : effect.pipe(
          Effect.catchIf(worth, () =>
            Effect.sleep(options.delayMs(retry)).pipe(Effect.flatMap(() => attempt(retry + 1))),
          ),
        )
  return attempt(1)
}
