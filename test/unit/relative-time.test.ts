import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { relativeTime } from "../../src/machines/system/relative-time"
import { clockTime } from "../../src/views/shell/clock-time"

const at = Date.parse("2026-03-10T12:00:00.000Z")
const ago = (ms: number) => new Date(at - ms).toISOString()

describe("relativeTime", () => {
  it("reads 'x ago' in the largest whole unit", () => {
    expect(relativeTime(ago(30_000), at)).toBe("30 seconds ago")
    expect(relativeTime(ago(5 * 60_000), at)).toBe("5 minutes ago")
    expect(relativeTime(ago(3 * 3600_000), at)).toBe("3 hours ago")
    expect(relativeTime(ago(24 * 3600_000), at)).toBe("yesterday")
    expect(relativeTime(ago(15 * 24 * 3600_000), at)).toBe("2 weeks ago")
  })
  it("never reads as future when the server clock is ahead", () => {
    expect(relativeTime(ago(-5000), at)).toBe("now")
  })
  it("reads English as Intl's numeric 'auto' does, at every size of gap", () => {
    const intl = new Intl.RelativeTimeFormat("en", { numeric: "auto" })
    const units = [
      ["year", 365 * 24 * 3600],
      ["month", 30 * 24 * 3600],
      ["week", 7 * 24 * 3600],
      ["day", 24 * 3600],
      ["hour", 3600],
      ["minute", 60],
      ["second", 1],
    ] as const
    const expected = (seconds: number) => {
      const [unit, size] = units.find(([, size]) => seconds >= size) ?? ["second", 1]
      return intl.format(-Math.floor(seconds / size), unit)
    }
    const edges = units.flatMap(([, size]) => [0, 1, 2, 999, 1000, 1001].map((n) => n * size))
    for (const seconds of [...edges, 59, 61, 3599, 86_399])
      expect(relativeTime(ago(seconds * 1000), at)).toBe(expected(seconds))
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 * 365 * 24 * 3600 }), (seconds) => {
        expect(relativeTime(ago(seconds * 1000), at)).toBe(expected(seconds))
      }),
    )
  })
  it("formats another locale with Intl", () => {
    expect(relativeTime(ago(24 * 3600_000), at, "de")).toBe("gestern")
  })
  it("returns nothing for a date it cannot read", () => {
    expect(relativeTime("not a date", at)).toBe("")
  })
  it("formats a clock time as HH:MM", () => {
    expect(clockTime(Date.parse("2026-03-10T09:05:00"))).toBe("09:05")
  })
})
