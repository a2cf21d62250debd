// The API reference at /api/docs/ in real Chromium with the network limited to our server: every request to
// another origin is aborted and recorded, and the test fails if the page even tried one. An integrator finds
// the intake and notification endpoints there, and the socket protocol beside them.
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, newPage } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  server = await startServerProcess()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe("the API reference page", () => {
  it("loads from our server alone, within the CSP, and lists the intake and notification endpoints", async () => {
    const { context, page } = await newPage(browser)
    const origin = new URL(server.url).origin
    const elsewhere: string[] = []
    await context.route(
      (url) => url.origin !== origin,
      async (route) => {
        elsewhere.push(route.request().url())
        await route.abort("blockedbyclient")
      },
    )
    const problems: string[] = []
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text())
    })
    page.on("pageerror", (error) => problems.push(error.message))

    const response = await page.goto(`${server.url}/api/docs/`)
    expect(response?.status()).toBe(200)

    // Scalar renders each operation's summary and path; the intake API and the notification calls are there.
    await page.getByText("Submits a customer's work request.").first().waitFor({ timeout: 60_000 })
    const text = (await page.locator("body").textContent()) ?? ""
    for (const expected of [
      "/api/v1/intake/company-applications/",
      "/api/v1/intake/work-requests/",
      "/api/v1/intake/maintenance-requests/",
      "/api/v1/notifications/",
      "/api/v1/notifications/mark-all-read/",
      "The notification socket",
      "connection_established",
    ])
      expect(text).toContain(expected)

    expect(elsewhere).toEqual([])
    expect(problems.filter((p) => /Content Security Policy|Refused to/.test(p))).toEqual([])
    await context.close()
  })
})
