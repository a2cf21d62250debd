import { describe, expect, it } from "vitest"
import { parseUserAgent } from "../../server/accounts/user-agent"
import { deviceLabel } from "../../src/schema/accounts/user-settings"

// Browsers name themselves after each other (Edge says Chrome, Chrome says Safari, Android says Linux): each
// real User-Agent below must read as the browser and system a person would name.

const CASES: ReadonlyArray<readonly [string, string, string]> = [
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Chrome",
    "Linux",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Chrome",
    "Linux",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Edge",
    "Windows",
  ],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox", "Windows"],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Safari",
    "macOS",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
    "Chrome",
    "iOS",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Chrome",
    "Android",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
    "Opera",
    "Windows",
  ],
  [
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Chrome",
    "ChromeOS",
  ],
  ["node", "", ""],
  ["curl/8.5.0", "", ""],
]

describe("parseUserAgent", () => {
  for (const [userAgent, browser, system] of CASES)
    it(`${browser || "nothing"} on ${system || "nothing"}: ${userAgent.slice(0, 60)}`, () => {
      expect(parseUserAgent(userAgent)).toEqual({ browser, system })
    })

  it("reads a missing or overlong header as nothing known, without scanning all of it", () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: "", system: "" })
    expect(parseUserAgent(`${"x".repeat(600)} Firefox/133.0 (Windows)`)).toEqual({ browser: "", system: "" })
  })

  it("names an unknown part as unknown", () => {
    expect(deviceLabel("Chrome", "Linux")).toBe("Chrome on Linux")
    expect(deviceLabel("Firefox", null)).toBe("Firefox on an unknown system")
    expect(deviceLabel(null, null)).toBe("Unknown browser")
  })
})
