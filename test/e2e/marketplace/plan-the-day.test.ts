import { readFile } from "node:fs/promises"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"
import { readApi } from "../setup-data"

// Triage in Chromium against a real server: urgency that stands out, due and overdue that say what they
// mean, a list exported as the CSV of exactly its rows, and the first record in reach on a phone.

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

async function openAs(path: string, size: { width?: number; height?: number } = {}) {
  const opened = await newPage(browser, size)
  await signIn(opened.page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await opened.page.waitForURL(`${server.url}/dashboard`)
  await opened.page.goto(`${server.url}${path}`)
  return opened
}

/** Every pending work request in the list's default order (oldest first), all pages. */
async function pendingInOrder(): Promise<(typeof WorkRequestPage.Type)["results"]> {
  const rows: (typeof WorkRequestPage.Type)["results"][number][] = []
  for (let page = 1; ; page++) {
    const answer = await readApi(
      server.url,
      DEMO.coordinator,
      `/api/v1/work-requests/?status=pending&page_size=100&page=${page}`,
      WorkRequestPage,
    )
    rows.push(...answer.results)
    if (answer.next === null) return rows
  }
}

describe("planning the day in Chromium", () => {
  it("marks emergency and high urgency with a badge, and says what due and overdue mean", async () => {
    const { context, page } = await openAs(PENDING)
    const table = page.getByRole("table", { name: "Pending work requests" })
    await table.getByRole("link").first().waitFor()
    const rows = (await pendingInOrder()).slice(0, 20)
    const firstEmergency = rows.findIndex((r) => r.urgency === "emergency")
    expect(firstEmergency).toBeGreaterThanOrEqual(0)
    const row = table.locator("tbody tr").nth(firstEmergency)
    expect(await row.locator('[data-urgency="emergency"]').textContent()).toBe("Emergency")
    // Only emergency and high carry a badge.
    const badged = rows.filter((r) => r.urgency === "emergency" || r.urgency === "high").length
    expect(await table.locator("[data-urgency]").count()).toBe(badged)

    const overdue = table.getByText("Overdue", { exact: true }).first()
    expect(await overdue.getAttribute("title")).toMatch(/^Overdue: pending for \d+ h or more\.$/)
    await page.goto(`${server.url}/help`)
    await page.getByRole("heading", { name: "Due and overdue" }).waitFor()
    await context.close()
  })

  it("exports the list on screen as a CSV of exactly its rows, in its order", async () => {
    const { context, page } = await openAs(`${PENDING}?ordering=-urgency`)
    await page.getByRole("table", { name: "Pending work requests" }).getByRole("link").first().waitFor()
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^work-requests-pending-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = await readFile(await download.path(), "utf8")
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const references = text
      .slice(1)
      .split("\r\n")
      .slice(1)
      .filter((line) => line !== "")
      .map((line) => line.split(",")[0])
    const listed = await readApi(
      server.url,
      DEMO.coordinator,
      "/api/v1/work-requests/?status=pending&ordering=-urgency&page_size=100",
      WorkRequestPage,
    )
    expect(references).toEqual(listed.results.map((r) => r.uuid))
    await context.close()
  })
})
