// A budget's format is spelled out by hand (no Intl formatter on a request's first render): it must read
// exactly as en-GB's pounds, for any whole number of pence.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatBudget } from "../../src/views/marketplace/record-format"

const intl = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" })

describe("formatBudget", () => {
  it("matches Intl's en-GB pounds", () => {
    for (const pence of [0, 1, 9, 10, 99, 100, 101, 999_99, 1000_00, 1234_56, 1_000_000_00, -1, -150_00])
      expect(formatBudget(pence)).toBe(intl.format(pence / 100))
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) => {
        expect(formatBudget(pence)).toBe(intl.format(pence / 100))
      }),
    )
  })

  it("says when none was given", () => {
    expect(formatBudget(null)).toBe("Not given")
  })
})
