import { afterEach, describe, expect, it, vi } from "vitest"
import { afterFirstPaint, eachWhenIdle, onFirstPaint } from "../../src/effects/system/idle"

// Work ahead of need runs one job per idle period, so that many small jobs never make one long task; what must
// wait for the first paint runs at it, or in the idle time after it.

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

/** A browser that reports its paints to observers when the test says it painted. */
function paints() {
  const observers = new Set<(list: { getEntries: () => Array<{ name: string }> }) => void>()
  class Observer {
    static supportedEntryTypes = ["paint"]
    constructor(private readonly callback: (list: { getEntries: () => Array<{ name: string }> }) => void) {}
    observe() {
      observers.add(this.callback)
    }
    disconnect() {
      observers.delete(this.callback)
    }
  }
  vi.stubGlobal("PerformanceObserver", Observer)
  return {
    paint: (name: string) => {
      for (const observer of [...observers]) observer({ getEntries: () => [{ name }] })
    },
    observing: () => observers.size,
  }
}

describe("onFirstPaint and afterFirstPaint", () => {
  it("runs one at the first contentful paint, the other in the idle time after it", () => {
    const idle = idlePeriods()
    const painted = paints()
    const ran: string[] = []
    onFirstPaint(() => ran.push("at paint"))
    afterFirstPaint(() => ran.push("after paint"))
    idle.pass()
    painted.paint("first-paint")
    expect(ran).toEqual([])
    painted.paint("first-contentful-paint")
    expect(ran).toEqual(["at paint"])
    expect(painted.observing()).toBe(0)
    idle.pass()
    expect(ran).toEqual(["at paint", "after paint"])
  })

  it("runs neither once cancelled, before the paint or between the paint and the idle time", () => {
    const idle = idlePeriods()
    const painted = paints()
    const ran: string[] = []
    onFirstPaint(() => ran.push("at paint"))()
    afterFirstPaint(() => ran.push("before paint"))()
    const cancelLater = afterFirstPaint(() => ran.push("after paint"))
    painted.paint("first-contentful-paint")
    cancelLater()
    idle.pass()
    expect(ran).toEqual([])
    expect(idle.pending()).toBe(0)
  })
})
