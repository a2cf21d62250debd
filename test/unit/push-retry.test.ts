import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { PUSH } from "../../src/constants"
import { pushQueryRetry, pushRetryDelayMs } from "../../src/effects/push/push-retry"
import { retryWithDelays } from "../../src/effects/system/retry"

describe("push-area query retries", () => {
  it("waits 1 s, doubling, capped at 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(pushRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it("retries up to 3 times, each wait as set, so the cap holds for every retry actually made", async () => {
    const delays: number[] = []
    let runs = 0
    const failing = Effect.suspend(() => {
      runs++
      return Effect.fail("down")
    })
    // Each wait is recorded as the push area asks for it, and taken as none: the test does not sleep.
    const exit = await Effect.runPromiseExit(
      retryWithDelays(failing, {
        ...pushQueryRetry,
        delayMs: (retry) => {
          delays.push(pushQueryRetry.delayMs(retry))
          return 0
        },
      }),
    )
    expect(exit._tag).toBe("Failure")
    expect(pushQueryRetry.times).toBe(PUSH.queryRetries)
    expect(runs).toBe(PUSH.queryRetries + 1)
    expect(delays).toEqual([1, 2, 3].map(pushRetryDelayMs))
    for (const d of delays) expect(d).toBeLessThanOrEqual(PUSH.queryBackoffCapMs)
  })
})
