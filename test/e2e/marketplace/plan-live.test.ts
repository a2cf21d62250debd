import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"
import { readApi } from "../setup-data"

// The dashboard's plan of the day in Chromium: its "overdue" figure opens the list of exactly those records
// (`due=overdue` in the address), and it follows an approval made in another browser without a reload.

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

/** Nothing polls: a figure that changes without a reload came over the socket. */
const LIVE_WITHIN_MS = 10_000

const overdueApi = "/api/v1/work-requests/?status=pending&due=overdue&ordering=submitted_at"

/** The work requests card's "N overdue" link. */
const overdueLink = (page: Page) =>
  page
    .getByRole("heading", { name: "Work requests", exact: true })
    .locator("..")
    .getByRole("link", { name: /^\d+ overdue$/ })

const figure = async (page: Page) => Number((await overdueLink(page).textContent())?.split(" ")[0])

describe("the plan of the day in Chromium", () => {
  it("opens exactly the overdue records, and follows an approval made elsewhere", async () => {
    const b = await newPage(browser)
    await signIn(b.page, server.url, DEMO.admin.email, DEMO.admin.password)
    await b.page.waitForURL(`${server.url}/dashboard`)
    await overdueLink(b.page).waitFor()
    const before = await figure(b.page)
    const overdue = await readApi(server.url, DEMO.admin, overdueApi, WorkRequestPage)
    expect(before).toBe(overdue.count)
    expect(before).toBeGreaterThan(0)

    // A, in another browser, approves the oldest overdue work request.
    const target = overdue.results[0]
    if (!target) throw new Error("no overdue work request")
    const a = await newPage(browser)
    await signIn(a.page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await a.page.waitForURL(`${server.url}/dashboard`)
    await a.page.goto(`${server.url}/work-request-details/${target.uuid}`)
    await a.page.getByRole("button", { name: "Approve" }).click()
    await a.page.getByRole("dialog").getByRole("button", { name: "Approve" }).click()

    await b.page
      .getByRole("link", { name: `${before - 1} overdue`, exact: true })
      .first()
      .waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await figure(b.page)).toBe(before - 1)

    await overdueLink(b.page).click()
    await b.page.waitForURL(/\/pending-requests\?due=overdue$/)
    const table = b.page.getByRole("table", { name: "Pending work requests" })
    await table.getByRole("link").first().waitFor()
    await b.page.getByRole("button", { name: "Remove filter Overdue" }).waitFor()
    const listed = await readApi(server.url, DEMO.admin, overdueApi, WorkRequestPage)
    expect(listed.count).toBe(before - 1)
    const hrefs = await table
      .locator("tbody tr a")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")))
    expect(hrefs).not.toContain(`/work-request-details/${target.uuid}`)
    expect(new Set(hrefs).size).toBe(listed.results.length)
    await a.context.close()
    await b.context.close()
  })
})
