import { describe, expect, it } from "vitest"
import { listWindow, meanHeight, rowOffset } from "../../src/views/notifications/list-window"

const unmeasured = () => undefined

describe("listWindow", () => {
  it("renders only the rows touching the visible band plus overscan, padding the rest", () => {
    const w = listWindow({
      count: 1000,
      heightOf: unmeasured,
      top: 0,
      bottom: 500,
      estimate: 50,
      overscan: 100,
    })
    // Band [-100, 600): rows 0..11 (row 11 spans 550-600).
    expect(w).toEqual({ start: 0, end: 12, before: 0, after: (1000 - 12) * 50 })
  })

  it("starts at the first row reaching into the band and keeps total height constant", () => {
    const w = listWindow({
      count: 1000,
      heightOf: unmeasured,
      top: 10_000,
      bottom: 10_500,
      estimate: 50,
      overscan: 100,
    })
    // Band [9900, 10600): row 198 (9900-9950) to row 211 (10550-10600).
    expect(w.start).toBe(198)
    expect(w.end).toBe(212)
    expect(w.before).toBe(198 * 50)
    expect(w.before + (w.end - w.start) * 50 + w.after).toBe(1000 * 50)
  })

  it("uses measured heights where known and the estimate elsewhere", () => {
    const heights = new Map([
      [0, 200],
      [1, 200],
    ])
    const heightOf = (i: number) => heights.get(i)
    const w = listWindow({ count: 100, heightOf, top: 450, bottom: 500, estimate: 50, overscan: 0 })
    // Rows 0 and 1 end at 400; row 2 400-450 ends at the band's top; row 3 450-500 is in it.
    expect(w).toEqual({ start: 3, end: 4, before: 450, after: 96 * 50 })
    expect(rowOffset(3, heightOf, 50)).toBe(450)
  })

  it("keeps the last row when the band lies past the end, and handles an empty list", () => {
    const w = listWindow({
      count: 10,
      heightOf: unmeasured,
      top: 5000,
      bottom: 6000,
      estimate: 50,
      overscan: 0,
    })
    expect(w).toEqual({ start: 9, end: 10, before: 450, after: 0 })
    expect(listWindow({ count: 0, heightOf: unmeasured, top: 0, bottom: 100 })).toEqual({
      start: 0,
      end: 0,
      before: 0,
      after: 0,
    })
  })

  it("renders at least one row when the band lies above the list", () => {
    const w = listWindow({
      count: 10,
      heightOf: unmeasured,
      top: -5000,
      bottom: -4000,
      estimate: 50,
      overscan: 0,
    })
    expect(w).toEqual({ start: 0, end: 1, before: 0, after: 9 * 50 })
  })
})

describe("meanHeight", () => {
  it("is the mean of the measured heights, or the fallback before any is measured", () => {
    expect(meanHeight([70, 80, 90], 64)).toBe(80)
    expect(meanHeight([], 64)).toBe(64)
  })
})
