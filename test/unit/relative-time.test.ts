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
  it("returns nothing for a date it cannot read", () => {
    expect(relativeTime("not a date", at)).toBe("")
  })
  it("formats a clock time as HH:MM", () => {
    expect(clockTime(Date.parse("2026-03-10T09:05:00"))).toBe("09:05")
  })
})
