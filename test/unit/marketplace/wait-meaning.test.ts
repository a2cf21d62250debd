import { describe, expect, it } from "vitest"
import { waitLevelMeaning } from "../../../src/views/marketplace/wait-time"

describe("what due and overdue mean, as the badges say it", () => {
  it("names the server's thresholds in hours when they are whole hours", () => {
    const times = { due_after_seconds: 24 * 3600, overdue_after_seconds: 72 * 3600 }
    expect(waitLevelMeaning("due", times)).toBe("Due: pending for 24 h or more, not yet 72 h.")
    expect(waitLevelMeaning("overdue", times)).toBe("Overdue: pending for 72 h or more.")
  })

  it("falls back to minutes for thresholds a test or a setting made shorter than an hour", () => {
    const times = { due_after_seconds: 90, overdue_after_seconds: 1800 }
    expect(waitLevelMeaning("due", times)).toBe("Due: pending for 2 min or more, not yet 30 min.")
    expect(waitLevelMeaning("overdue", times)).toBe("Overdue: pending for 30 min or more.")
  })
})
