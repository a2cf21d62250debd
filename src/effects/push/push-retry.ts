import { PUSH } from "../../constants"

// Push-area back-off (docs/behaviour.md#constants): exponential from 1 s, doubling, capped at 30 s; at most 3
// retries, run by ../system/retry.ts. test/unit/push-retry.test.ts keeps the two facts tied together.

/** The wait before retry n (1-based): 1 s doubling, capped at 30 s. */
export const pushRetryDelayMs = (retry: number): number =>
  Math.min(PUSH.queryBackoffCapMs, PUSH.queryBackoffBaseMs * 2 ** Math.max(0, retry - 1))

/** The push area's retries (../system/retry.ts), for its queries and the browser's token. */
export const pushQueryRetry = { times: PUSH.queryRetries, delayMs: pushRetryDelayMs } as const
