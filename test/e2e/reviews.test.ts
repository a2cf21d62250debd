import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MaintenanceRequestPage, WorkRequestPage } from "../../src/schema/marketplace/record-pages"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"
import { readApi } from "./setup-data"

// One server for the file: each test works on its own kind of record (work requests approved, maintenance
// requests rejected, applications accepted, an approved maintenance request given providers, a list read only),
// so no test sees another's change.

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

async function signedIn(account: { email: string; password: string }) {
  const opened = await newPage(browser)
  await signIn(opened.page, server.url, account.email, account.password)
  await opened.page.waitForURL(`${server.url}/dashboard`)
  return opened
}

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
    // No bulk decisions either: no row checkboxes, no bulk buttons.
    await page.getByRole("table").getByRole("link").first().waitFor()
    expect(await page.getByRole("checkbox").count()).toBe(0)
    expect(await page.getByRole("button", { name: /selected/ }).count()).toBe(0)
    await page.getByRole("table").getByRole("link").first().click()
    await page.waitForURL(/\/work-request-details\//)
    await page.getByRole("heading").first().waitFor()
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0)
    expect(await page.getByRole("button", { name: "Reject" }).count()).toBe(0)
    await context.close()
  })

  it("rejects a maintenance request with a reason, which its audit trail then shows", async () => {
    const { context, page } = await signedIn(DEMO.coordinator)
    await page.goto(`${server.url}/website-coordinator/maintenance/pending`)
    await page.getByRole("table").getByRole("link").first().click()
    await page.waitForURL(/\/maintenance-request-details\//)
    await page.getByRole("button", { name: "Reject" }).click()
    const dialog = page.getByRole("dialog", { name: "Reject this maintenance request" })
    const reject = dialog.getByRole("button", { name: "Reject" })
    // The reason is required: the dialog will not reject without one.
    expect(await reject.isDisabled()).toBe(true)
    const reason = "No access to the site until the scaffolding is down"
    await dialog.getByLabel("Reason").fill(reason)
    await reject.click()
    await page.getByRole("button", { name: "Reject" }).waitFor({ state: "detached" })
    // Read back from the server, not from the page's memory.
    await page.reload()
    const trail = page.getByRole("list", { name: "Audit trail" })
    const entry = trail.getByRole("listitem").filter({ hasText: "Rejected by Corey Coordinator" })
    await entry.getByText(`Reason: ${reason}`).waitFor()
    await context.close()
  })

  it("accepts a company application: it leaves the pending list and shows as accepted", async () => {
    const { context, page } = await signedIn(DEMO.admin)
    await page.goto(`${server.url}/website-coordinator/company-verification`)
    await page.waitForURL(/\/company-verification\/pending/)
    const first = page.getByRole("table", { name: "Pending applications" }).getByRole("link").first()
    const company = (await first.textContent()) ?? ""
    expect(company.length).toBeGreaterThan(0)
    await first.click()
    await page.waitForURL(/\/company-verification\/applications\//)
    await page.getByRole("button", { name: "Accept" }).click()
    await page.getByRole("dialog").getByRole("button", { name: "Accept" }).click()
    await page
      .getByRole("definition")
      .filter({ hasText: /^Accepted$/ })
      .waitFor()
    const search = encodeURIComponent(company)
    await page.goto(`${server.url}/website-coordinator/company-verification/pending?search=${search}`)
    await page.getByText(/Nothing matches|in all/).waitFor()
    expect(await page.getByRole("link", { name: company, exact: true }).count()).toBe(0)
    await page.goto(`${server.url}/website-coordinator/company-verification/accepted?search=${search}`)
    await page.getByRole("table").getByRole("link", { name: company, exact: true }).waitFor()
    await context.close()
  })

  it("chooses two providers for an approved request and shows them on its detail page", async () => {
    const approved = await readApi(
      server.url,
      DEMO.coordinator,
      "/api/v1/maintenance-requests/?status=approved&page_size=100",
      MaintenanceRequestPage,
    )
    const request = approved.results.find((r) => r.selected_providers.length === 0)
    if (!request) throw new Error("the demo data has no approved maintenance request without providers")
    const { context, page } = await signedIn(DEMO.coordinator)
    await page.goto(`${server.url}/maintenance-request-details/${request.uuid}`)
    await page.getByRole("link", { name: "Choose providers" }).click()
    await page.waitForURL(/\/select-providers$/)
    const boxes = page.getByRole("table", { name: "Candidates" }).getByRole("checkbox")
    await boxes.first().waitFor()
    const names: string[] = []
    for (const box of [boxes.nth(0), boxes.nth(1)]) {
      names.push(((await box.getAttribute("aria-label")) ?? "").replace(/^Choose /, ""))
      await box.check()
    }
    await page.getByRole("button", { name: "Choose 2 providers" }).click()
    await page
      .getByRole("dialog", { name: "Choose these providers?" })
      .getByRole("button", { name: "Confirm" })
      .click()
    await page.waitForURL(`${server.url}/maintenance-request-details/${request.uuid}`)
    await page.reload()
    const chosen = page.getByRole("definition").filter({ hasText: names[0] ?? "?" })
    for (const name of names) await chosen.getByText(name, { exact: false }).waitFor()
    await page
      .getByRole("list", { name: "Audit trail" })
      .getByText(`Providers: ${names.join(", ")}`)
      .waitFor()
    // Chosen once: the page no longer offers a choice the server would refuse.
    expect(await page.getByRole("link", { name: "Choose providers" }).count()).toBe(0)
    await context.close()
  })

  it("the provider page's trail names the list its request is in", async () => {
    const pending = await readApi(
      server.url,
      DEMO.coordinator,
      "/api/v1/work-requests/?status=pending&page_size=1",
      WorkRequestPage,
    )
    const request = pending.results[0]
    if (!request) throw new Error("the demo data has no pending work request")
    const { context, page } = await signedIn(DEMO.coordinator)
    await page.goto(`${server.url}/work-requests/${request.uuid}/select-providers`)
    const trail = page.getByRole("navigation", { name: "Breadcrumb" })
    // Not approved: the page says so, and the trail leads back to the pending list, not the approved one.
    await trail.getByRole("link", { name: "Pending work requests" }).waitFor()
    expect(await trail.getByRole("link", { name: "Approved work requests" }).count()).toBe(0)
    expect(await trail.getByRole("link", { name: "Pending work requests" }).getAttribute("href")).toBe(
      "/website-coordinator/pending-requests",
    )
    await context.close()
  })

  it("keeps a list's search and page in the address, so a reload shows the same rows", async () => {
    const { context, page } = await signedIn(DEMO.coordinator)
    await page.goto(`${server.url}/website-coordinator/maintenance/approved`)
    const table = page.getByRole("table", { name: "Approved maintenance requests" })
    await table.waitFor()
    await page.getByRole("searchbox", { name: "Search approved maintenance requests" }).fill("e")
    await page.getByRole("button", { name: "Search", exact: true }).click()
    await page.waitForURL(/search=e/)
    await page.getByRole("button", { name: "Next" }).click()
    await page.waitForURL(/page=2/)
    // The pager names the new page at once; the rows are page 2's once the list is no longer busy.
    const settled = page.locator('[aria-busy="false"]').getByText(/^Page 2 of \d+/)
    await settled.waitFor()
    const titles = () => table.getByRole("link").allTextContents()
    const before = await titles()
    expect(before.length).toBeGreaterThan(0)
    await page.reload()
    await settled.waitFor()
    expect(new URL(page.url()).searchParams.get("search")).toBe("e")
    expect(new URL(page.url()).searchParams.get("page")).toBe("2")
    expect(
      await page.getByRole("searchbox", { name: "Search approved maintenance requests" }).inputValue(),
    ).toBe("e")
    expect(await titles()).toEqual(before)
    await context.close()
  })
})
