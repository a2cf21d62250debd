import { describe, expect, it } from "vitest"
import { safeAppPath } from "../../src/machines/system/safe-app-path"
import { afterLoginPath } from "../../src/views/auth/LoginPage"

describe("safeAppPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/notifications/12?x=1#top", "/notifications/12?x=1#top"],
    ["/website-coordinator/pending-requests?page=2", "/website-coordinator/pending-requests?page=2"],
  ])("keeps the app path %s", (input, out) => {
    expect(safeAppPath(input)).toBe(out)
  })

  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "https://evil.example/",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
    "data:text/html,hi",
    "",
    "dashboard",
  ])("refuses %s", (input) => {
    expect(safeAppPath(input)).toBeNull()
  })

  it("refuses what is not a string", () => {
    expect(safeAppPath(null)).toBeNull()
    expect(safeAppPath(undefined)).toBeNull()
  })
})

describe("afterLoginPath", () => {
  it("goes to the remembered origin when it is safe, else to the dashboard", () => {
    expect(afterLoginPath("next=%2Fprofile")).toBe("/profile")
    expect(afterLoginPath("next=%2F%2Fevil.example")).toBe("/dashboard")
    expect(afterLoginPath("")).toBe("/dashboard")
    expect(afterLoginPath("next=%2Flogin")).toBe("/dashboard")
  })
})
