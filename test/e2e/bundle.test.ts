import { describe, expect, it } from "vitest"
import { measureSignIn, SIGN_IN_BUDGET_KB } from "../../bench/bundle-measure"

// The build the other end-to-end tests drive (global-setup.ts builds it): the sign-in route stays within its
// budget and never carries firebase, which only a signed-in page may load.
describe("sign-in bundle", () => {
  const measured = measureSignIn("dist")

  it(`is at most ${SIGN_IN_BUDGET_KB} KB of gzipped JavaScript`, () => {
    expect(measured.chunks.length).toBeGreaterThan(0)
    expect(measured.totalGzip / 1024).toBeLessThanOrEqual(SIGN_IN_BUDGET_KB)
  })

  it("contains no firebase code", () => {
    expect(measured.chunks.filter((c) => c.firebase).map((c) => c.file)).toEqual([])
  })
})
