import { Schedule } from "effect"
import { PUSH } from "../../constants"

/**
 * Push-area back-off (docs/behaviour.md#constants): exponential from 1 s, doubling, capped at 30 s; at most 3
 * retries. With three retries the waits are 1, 2 and 4 s, so the cap is never reached: no capping combinator
 * is composed in, as every Effect module used anywhere lands in the sign-in page's shared chunk
 * (vite.config.ts, "boot"). test/unit/push-retry.test.ts keeps the two facts tied together.
 */
export const pushQueryRetry = {
  times: PUSH.queryRetries,
  schedule: Schedule.exponential(`${PUSH.queryBackoffBaseMs} millis`, 2),
} as const

/** The wait before retry n (1-based): 1 s doubling, capped at 30 s. */
export const pushRetryDelayMs = (retry: number): number =>
  Math.min(PUSH.queryBackoffCapMs, PUSH.queryBackoffBaseMs * 2 ** Math.max(0, retry - 1))
