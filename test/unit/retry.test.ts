import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { retryWithDelays } from "../../src/effects/system/retry"

// The retries the Api and the push area make, written out without Effect's Schedule (src/effects/system/retry.ts).

/** An effect that fails with the given errors in turn, then succeeds with the number of its runs. */
function failingThen(errors: ReadonlyArray<string>) {
  let runs = 0
  const effect = Effect.suspend(() => {
    runs++
    const error = errors[runs - 1]
    return error === undefined ? Effect.succeed(runs) : Effect.fail(error)
  })
  return { effect, runs: () => runs }
}

const noWait = (asked: number[]) => (retry: number) => {
  asked.push(retry)
  return 0
}

describe("retryWithDelays", () => {
  it("runs the effect again after each failure, up to the count, with the wait of each retry", async () => {
    const asked: number[] = []
    const call = failingThen(["a", "b"])
    const value = await Effect.runPromise(retryWithDelays(call.effect, { times: 3, delayMs: noWait(asked) }))
    expect(value).toBe(3)
    expect(asked).toEqual([1, 2])
  })

  it("gives the last failure once the retries are spent", async () => {
    const asked: number[] = []
    const call = failingThen(["a", "b", "c"])
    const exit = await Effect.runPromiseExit(
      retryWithDelays(call.effect, { times: 1, delayMs: noWait(asked) }),
    )
    expect(exit).toMatchObject({ _tag: "Failure" })
    expect(call.runs()).toBe(2)
    expect(asked).toEqual([1])
  })

  it("does not run again after a failure the caller does not retry", async () => {
    const asked: number[] = []
    const call = failingThen(["final", "b"])
    const exit = await Effect.runPromiseExit(
      retryWithDelays(call.effect, { times: 3, delayMs: noWait(asked), while: (e) => e !== "final" }),
    )
    expect(exit).toMatchObject({ _tag: "Failure" })
    expect(call.runs()).toBe(1)
    expect(asked).toEqual([])
  })
})
