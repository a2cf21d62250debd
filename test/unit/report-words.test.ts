import { describe, expect, it } from "vitest"
import { share, shortLabel } from "../../src/views/reports/report-words"

describe("the report's words", () => {
  it("cuts a long chart label with an ellipsis and leaves a short one", () => {
    expect(shortLabel("Heritage Appliance Repairs Services")).toBe("Heritage Appliance Re…")
    expect(shortLabel("Heritage Appliance Repairs Services").length).toBe(22)
    expect(shortLabel("Apex Decorators")).toBe("Apex Decorators")
  })

  it("gives a rate of answered offers, and a dash when none were answered", () => {
    expect(share(2, 3)).toBe("67%")
    expect(share(0, 0)).toBe("–")
  })
})
