import { describe, expect, it } from "vitest"
import { safeAppPath } from "../../src/machines/system/safe-app-path"

// The push toast's View and the service worker's click follow action_url only to a path of this app. The
// same function guards the login redirect; these are the inputs a hostile push payload could carry.
describe("safeAppPath against hostile action URLs", () => {
  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    " //evil.example",
    "/%2f%2fevil.example",
    "/%2F/evil.example",
    "/%5c%5cevil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u0000/x",
    "javascript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "javascript%3Aalert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "http://evil.example/",
    "https:evil.example",
    "mailto:a@b.c",
    "/%E0%A4%A",
    `/${"a".repeat(2048)}`,
  ])("refuses %j", (input) => {
    expect(safeAppPath(input)).toBeNull()
  })

  it.each([
    ["/dashboard", "/dashboard"],
    ["/notifications/41", "/notifications/41"],
    ["/work-request-details/abc?tab=1#x", "/work-request-details/abc?tab=1#x"],
    ["/settings/../dashboard", "/dashboard"],
  ])("keeps the app path %j", (input, out) => {
    expect(safeAppPath(input)).toBe(out)
  })
})
