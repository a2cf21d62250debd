import { readFile } from "node:fs/promises"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { SavedViewPage } from "../../../src/schema/marketplace/saved-views"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"
import { readApi } from "../setup-data"

// Filters in Chromium against a real server (docs/behaviour.md#filters): chosen behind one button, kept in
// the address, counted, cleared in one click, exported as exactly the filtered rows
// (/reports draws: test/e2e/reports/reports.test.ts).

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

const PENDING = "/website-coordinator/pending-requests"

async function openAs(path: string, who: { email: string; password: string } = DEMO.coordinator) {
  const opened = await newPage(browser, {})
  await signIn(opened.page, server.url, who.email, who.password)
  await opened.page.waitForURL(`${server.url}/dashboard`)
  await opened.page.goto(`${server.url}${path}`)
  return opened
}

const pendingWith = (query: string) =>
  readApi(
    server.url,
    DEMO.coordinator,
    `/api/v1/work-requests/?status=pending&page_size=100&${query}`,
    WorkRequestPage,
  )

describe("filters in Chromium", () => {
  it("filters by urgency from the panel, keeps it in the address, exports exactly those rows, and clears", async () => {
    const { context, page } = await openAs(PENDING)
    const table = page.getByRole("table", { name: "Pending work requests" })
    await table.getByRole("link").first().waitFor()
    await page.getByRole("button", { name: "Filters", exact: true }).click()
    await page
      .getByRole("group", { name: "Urgency" })
      .getByRole("checkbox", { name: /^Emergency/ })
      .check()
    await page.waitForURL(/urgency=emergency/)
    const expected = await pendingWith("urgency=emergency")
    expect(expected.count).toBeGreaterThan(0)
    await expect
      .poll(() => table.locator("tbody tr").count(), { timeout: 10_000 })
      .toBe(expected.results.length)
    await page.getByRole("button", { name: "Remove filter Urgency: Emergency" }).waitFor()

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ])
    const text = await readFile(await download.path(), "utf8")
    const references = text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[0])
    expect(references).toEqual(expected.results.map((r) => r.uuid))

    // A reload shows the same filtered list; one click clears it.
    await page.reload()
    await page.getByRole("button", { name: "Remove filter Urgency: Emergency" }).waitFor()
    await page.getByRole("button", { name: "Clear filters" }).click()
    await page.waitForURL((url) => !url.search.includes("urgency"))
    await context.close()
  })

  it("says which filter of the address it ignored and applies the rest", async () => {
    const { context, page } = await openAs(`${PENDING}?urgency=high%2Curgentish`)
    await page.getByText("Urgency: “urgentish” is not one of this list's values.").waitFor()
    await page.getByRole("button", { name: "Remove filter Urgency: High" }).waitFor()
    await page.waitForURL((url) => url.search === "?urgency=high")
    await context.close()
  })
})

describe("saved views in Chromium", () => {
  it("saves the filtered list under a name, shared with the team, and opens it again", async () => {
    const { context, page } = await openAs(`${PENDING}?urgency=high`)
    await page.getByRole("button", { name: "Remove filter Urgency: High" }).waitFor()
    await page.getByRole("button", { name: "Save view" }).click()
    await page.getByLabel("View name").fill("High urgency")
    await page.getByLabel("Share with the team").check()
    await page.getByRole("button", { name: "Save", exact: true }).click()
    const views = page.getByRole("navigation", { name: "Saved views" })
    const link = views.getByRole("link", { name: "High urgency · team" })
    await link.waitFor()
    expect(await link.getAttribute("aria-current")).toBe("page")
    // A name taken says so, from the server.
    await page.getByRole("button", { name: "Save view" }).click()
    await page.getByLabel("View name").fill("high URGENCY")
    await page.getByLabel("Share with the team").check()
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await page
      .getByRole("alert")
      .getByText(/already called/)
      .waitFor()

    await page.getByRole("button", { name: "Clear filters" }).click()
    await page.waitForURL((url) => url.search === "")
    await link.click()
    await page.waitForURL(/urgency=high/)
    await page.getByRole("button", { name: "Remove filter Urgency: High" }).waitFor()
    await context.close()
  })

  it("shows a shared view under its list in the sidebar with its live count; its link opens it for others", async () => {
    const { context, page } = await openAs(`${PENDING}?urgency=emergency`)
    await page.getByRole("button", { name: "Remove filter Urgency: Emergency" }).waitFor()
    await page.getByRole("button", { name: "Save view" }).click()
    await page.getByLabel("View name").fill("Team emergencies")
    await page.getByLabel("Share with the team").check()
    await page.getByRole("button", { name: "Save", exact: true }).click()
    const expected = (await pendingWith("urgency=emergency")).count
    const sidebar = page.getByRole("navigation", { name: "Main" })
    const entry = sidebar.getByRole("link", { name: `Team view Team emergencies: ${expected} records` })
    await entry.waitFor()
    const href = await entry.getAttribute("href")
    expect(href).toMatch(new RegExp(`^${PENDING}\\?view=[0-9a-f-]{36}$`))
    // A private view, for the next step: someone else cannot open it.
    await page.getByRole("button", { name: "Save view" }).click()
    await page.getByLabel("View name").fill("Only mine")
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await page
      .getByRole("navigation", { name: "Saved views" })
      .getByRole("link", { name: "Only mine" })
      .waitFor()
    const own = await readApi(
      server.url,
      DEMO.coordinator,
      "/api/v1/saved-views/?list=work:pending",
      SavedViewPage,
    )
    const privateView = own.results.find((v) => v.name === "Only mine")
    expect(privateView?.shared).toBe(false)
    await context.close()

    // The admin follows the shared view's link: the list opens filtered as the view says.
    const admin = await openAs(`${href}`, DEMO.admin)
    await admin.page.waitForURL(/urgency=emergency/)
    await admin.page.getByRole("button", { name: "Remove filter Urgency: Emergency" }).waitFor()
    await admin.page.goto(`${server.url}${PENDING}?view=${privateView?.uuid}`)
    await admin.page
      .getByRole("alert")
      .getByText(/This saved view is not available/)
      .waitFor()
    await admin.context.close()
  })
})

describe("a list on a phone", () => {
  it("shows its first record in the first screen at 375 × 740, under a one-line Terms banner", async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 })
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.goto(`${server.url}${PENDING}`)
    const first = page.getByRole("table", { name: "Pending work requests" }).locator("tbody tr").first()
    await first.waitFor()
    const row = await first.boundingBox()
    expect(row?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(740 - 60)
    // The banner is one line; a screen reader still hears the whole sentence, and only once.
    const banner = page.getByRole("region", { name: "Terms of Service update" })
    expect((await banner.boundingBox())?.height ?? 0).toBeLessThan(48)
    expect(await banner.ariaSnapshot()).toContain(
      "We are updating our Terms of Service. The new terms take effect on June 30, 2025.",
    )
    expect(await banner.ariaSnapshot()).not.toContain("New terms:")
    await context.close()
  })
})
