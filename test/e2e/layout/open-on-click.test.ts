import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// A record's page and the inbox ask for their data as their link is clicked, before the router renders them
// (docs/behaviour.md#early-refresh): the ask leaves while the address is still the page clicked from, and the
// page that opens takes that machine over instead of asking again.

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

declare global {
  interface Window {
    __asks?: Array<{ url: string; at: string }>
  }
}

/** Every fetch of the page from now on, with the address shown when it was made. */
async function recordAsks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window)
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      window.__asks?.push({
        url: new URL(url, location.href).pathname + new URL(url, location.href).search,
        at: location.pathname,
      })
      return original(input, init)
    }
  })
}
const startAsks = (page: Page) =>
  page.evaluate(() => {
    window.__asks = []
  })
const asks = (page: Page) => page.evaluate(() => window.__asks ?? [])

async function signedIn(page: Page): Promise<void> {
  await recordAsks(page)
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await page.getByText(/Welcome back, /).waitFor()
  // The rest of the session runs once the bell's list has been asked for (its first call).
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          performance.getEntriesByType("resource").some((e) => e.name.includes("/api/v1/notifications/")),
        ),
      { timeout: 15_000 },
    )
    .toBe(true)
}

describe("a page's data asked for at the click", () => {
  it("a record's, from the list, while the list is still shown, and once", async () => {
    const { context, page } = await newPage(browser)
    await signedIn(page)
    await page.goto(`${server.url}/website-coordinator/pending-requests`)
    const first = page.locator('main table a[href^="/work-request-details/"]').first()
    await first.waitFor()
    const href = (await first.getAttribute("href")) ?? ""
    const uuid = href.split("/")[2] ?? ""
    expect(uuid).not.toBe("")
    await page.waitForLoadState("networkidle")
    await startAsks(page)
    await first.click()
    await page.getByRole("heading", { name: /^Work request: / }).waitFor()
    const record = (await asks(page)).filter((a) => a.url === `/api/v1/work-requests/${uuid}/`)
    expect(record).toEqual([
      { url: `/api/v1/work-requests/${uuid}/`, at: "/website-coordinator/pending-requests" },
    ])
    await context.close()
  })

  it("the inbox's, from the dashboard, while the dashboard is still shown, and once", async () => {
    const { context, page } = await newPage(browser)
    await signedIn(page)
    await page.waitForLoadState("networkidle")
    const more = page.getByRole("navigation").getByRole("button", { name: /^More/ }).first()
    if ((await more.getAttribute("aria-expanded")) === "false") await more.click()
    await startAsks(page)
    await page.locator('nav a[href="/notifications"]').first().click()
    await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor()
    await expect
      .poll(async () => (await asks(page)).filter((a) => a.url.includes("channel=in_app")).length)
      .toBe(1)
    const inbox = (await asks(page)).filter((a) => a.url.includes("channel=in_app"))
    expect(inbox.map((a) => a.at)).toEqual(["/dashboard"])
    await context.close()
  })
})
