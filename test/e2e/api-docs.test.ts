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

    // The overview carries the socket protocol; each group opens from the sidebar with its operations.
    await page.getByRole("heading", { name: "The notification socket" }).waitFor({ timeout: 60_000 })
    const overview = (await page.locator("body").textContent()) ?? ""
    expect(overview).toContain("connection_established")
    expect(overview).toContain("4410")
    for (const [tag, operations] of [
      [
        "intake",
        [
          "Submits a company's application to join the marketplace.",
          "Submits a customer's work request.",
          "Submits a maintenance request for a site.",
        ],
      ],
      ["notifications", ["Marks every notification read (optionally on one channel).", "One notification."]],
    ] as const) {
      await page.getByText(tag, { exact: true }).first().click()
      for (const operation of operations) await page.getByText(operation).first().waitFor({ timeout: 30_000 })
    }

    expect(elsewhere).toEqual([])
    expect(problems.filter((p) => /Content Security Policy|Refused to/.test(p))).toEqual([])
    await context.close()
  })
})
