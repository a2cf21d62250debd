import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
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

describe("reviews in Chromium", () => {
  it("approves a pending work request, which then shows in the approved list", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.goto(`${server.url}/website-coordinator/pending-requests`)
    const first = page.getByRole("table").getByRole("link").first()
    const title = (await first.textContent()) ?? ""
    expect(title.length).toBeGreaterThan(0)
    await first.click()
    await page.waitForURL(/\/work-request-details\//)
    await page.getByRole("button", { name: "Approve" }).click()
    const dialog = page.getByRole("dialog")
    await dialog.getByRole("button", { name: "Approve" }).click()
    await page.getByRole("button", { name: "Approve" }).waitFor({ state: "detached" })
    await page.goto(`${server.url}/website-coordinator/approved-requests?search=${encodeURIComponent(title)}`)
    await page.getByRole("table").getByRole("link", { name: title }).first().waitFor()
    await context.close()
  })

  it("shows a read-only viewer no review actions", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.viewer.email, DEMO.viewer.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.goto(`${server.url}/website-coordinator/pending-requests`)
    await page.getByRole("table").getByRole("link").first().click()
    await page.waitForURL(/\/work-request-details\//)
    await page.getByRole("heading").first().waitFor()
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0)
    expect(await page.getByRole("button", { name: "Reject" }).count()).toBe(0)
    await context.close()
  })
})
