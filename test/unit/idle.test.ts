import { afterEach, describe, expect, it, vi } from "vitest"
import { eachWhenIdle } from "../../src/effects/system/idle"

// Work ahead of need runs one job per idle period, so that many small jobs never make one long task.

/** A browser whose idle periods the test hands out one at a time. */
function idlePeriods() {
  const waiting = new Map<number, () => void>()
  let next = 1
  vi.stubGlobal("window", {
    requestIdleCallback: (work: () => void) => {
      waiting.set(next, work)
      return next++
    },
    cancelIdleCallback: (id: number) => waiting.delete(id),
  })
  return {
    /** One idle period: every callback asked for before it runs now. */
    pass: () => {
      const due = [...waiting.values()]
      waiting.clear()
      for (const work of due) work()
    },
    pending: () => waiting.size,
  }
}

afterEach(() => vi.unstubAllGlobals())

describe("eachWhenIdle", () => {
  it("runs one job per idle period, in order", () => {
    const idle = idlePeriods()
    const ran: number[] = []
    eachWhenIdle([1, 2, 3].map((n) => () => void ran.push(n)))
    expect(ran).toEqual([])
    idle.pass()
    expect(ran).toEqual([1])
    idle.pass()
    expect(ran).toEqual([1, 2])
    idle.pass()
    expect(ran).toEqual([1, 2, 3])
    expect(idle.pending()).toBe(0)
  })

  it("runs nothing more once cancelled", () => {
    const idle = idlePeriods()
    const ran: number[] = []
    const cancel = eachWhenIdle([1, 2, 3].map((n) => () => void ran.push(n)))
    idle.pass()
    cancel()
    idle.pass()
    idle.pass()
    expect(ran).toEqual([1])
    expect(idle.pending()).toBe(0)
  })

  it("asks for no idle time with nothing to run", () => {
    const idle = idlePeriods()
    eachWhenIdle([])
    idle.pass()
    expect(idle.pending()).toBe(0)
  })
})
