import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, it } from "vitest"
import { MaintenanceRequestDetail } from "../../../src/schema/marketplace/marketplace"
import { MaintenanceRequestPage } from "../../../src/schema/marketplace/record-pages"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"
import { readApi } from "../setup-data"

// Changing course in Chromium against a real server (docs/behaviour.md#offers): a coordinator withdraws an
// open offer from the request page with a reason; the offer shows withdrawn, with the reason, and the audit
// trail names the change.

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

describe("changing course in Chromium", () => {
  it("withdraw an open offer with a reason → the offer shows withdrawn", async () => {
    const approved = await readApi(
      server.url,
      DEMO.coordinator,
      "/api/v1/maintenance-requests/?status=approved&page_size=100",
      MaintenanceRequestPage,
    )
    const request = approved.results.find((r) => r.providers_state === "offered")
    if (!request) throw new Error("the demo data has no approved maintenance request with open offers")
    const detail = await readApi(
      server.url,
      DEMO.coordinator,
      `/api/v1/maintenance-requests/${request.uuid}/`,
      MaintenanceRequestDetail,
    )
    const open = detail.offers.find((o) => o.state === "offered")
    if (!open) throw new Error("the request has no open offer")
    const name = open.provider.company_name

    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.goto(`${server.url}/maintenance-request-details/${request.uuid}`)
    const row = page.getByRole("table", { name: "Offers" }).getByRole("row").filter({ hasText: name })
    await row.getByText("Offered", { exact: true }).waitFor()
    await row.getByRole("button", { name: `Withdraw the offer to ${name}` }).click()

    const dialog = page.getByRole("dialog", { name: `Withdraw the offer to ${name}?` })
    await dialog.getByRole("textbox", { name: "Reason" }).fill("The customer asked for someone sooner")
    await dialog.getByRole("button", { name: "Withdraw" }).click()
    await dialog.waitFor({ state: "detached" })

    await row.getByText("Withdrawn", { exact: true }).waitFor()
    await row.getByText("The customer asked for someone sooner").waitFor()
    await page.getByRole("list", { name: "Audit trail" }).getByText("Offer withdrawn").first().waitFor()
    await context.close()
  })
})
