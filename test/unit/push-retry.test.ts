import { Duration, Effect, Schedule } from "effect"
import { describe, expect, it } from "vitest"
import { PUSH } from "../../src/constants"
import { pushQueryRetry, pushRetryDelayMs } from "../../src/effects/push/push-retry"

describe("push-area query retries", () => {
  it("waits 1 s, doubling, capped at 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(pushRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it("retries up to 3 times, each wait as set, so the cap holds for every retry actually made", async () => {
    const delays = await Effect.runPromise(
      Effect.gen(function* () {
        const step = yield* Schedule.toStep(pushQueryRetry.schedule)
        const out: number[] = []
        for (let n = 0; n < pushQueryRetry.times; n++) {
          const [, delay] = yield* step(0, undefined)
          out.push(Duration.toMillis(delay))
        }
        return out
      }),
    )
    expect(pushQueryRetry.times).toBe(PUSH.queryRetries)
    expect(delays).toEqual([1, 2, 3].map(pushRetryDelayMs))
    for (const d of delays) expect(d).toBeLessThanOrEqual(PUSH.queryBackoffCapMs)
  })
})
