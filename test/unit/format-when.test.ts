// The marketplace's date format is spelled out by hand (no Intl formatter at start-up): it must read exactly
// as en-GB's medium date with a short time, in every month, at both ends of the day and in any year.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatWhen } from "../../src/views/marketplace/format"

const intl = (d: Date) => d.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })

describe("formatWhen", () => {
  it("matches Intl's en-GB medium date and short time", () => {
    for (let month = 0; month < 12; month++)
      for (const [h, m] of [
        [0, 0],
        [9, 7],
        [12, 30],
        [23, 59],
      ] as const) {
        const d = new Date(2026, month, month + 1, h, m)
        expect(formatWhen(d.toISOString())).toBe(intl(d))
      }
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }),
        (d) => {
          expect(formatWhen(d.toISOString())).toBe(intl(d))
        },
      ),
    )
  })

  it("shows what it cannot read as it came", () => {
    expect(formatWhen("not a date")).toBe("not a date")
  })
})
