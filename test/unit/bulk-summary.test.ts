import { describe, expect, it } from "vitest"
import { type BulkOutcome, type BulkResult, bulkSummary } from "../../src/machines/marketplace/bulk-outcome"

const outcome = (result: BulkResult, n: number): BulkOutcome => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Record ${n}`,
  result,
  message: result,
})
const of = (...results: BulkResult[]) => results.map((r, i) => outcome(r, i))

describe("bulkSummary", () => {
  it("counts each kind of outcome in the decision's own words, leaving out zeros", () => {
    expect(bulkSummary({ action: "approve" }, of("done", "done"))).toEqual({
      tone: "success",
      text: "2 approved.",
    })
    expect(bulkSummary({ action: "accept" }, of("done", "conflict", "failed"))).toEqual({
      tone: "warning",
      text: "1 accepted, 1 already decided, 1 failed.",
    })
    expect(bulkSummary({ action: "reject", reason: "Out of area" }, of("conflict", "conflict"))).toEqual({
      tone: "warning",
      text: "2 already decided.",
    })
  })

  it("is an error when nothing succeeded and something failed", () => {
    expect(bulkSummary({ action: "approve" }, of("failed", "conflict"))).toEqual({
      tone: "error",
      text: "1 already decided, 1 failed.",
    })
    expect(bulkSummary(null, [])).toEqual({ tone: "warning", text: "Nothing was changed." })
  })
})
