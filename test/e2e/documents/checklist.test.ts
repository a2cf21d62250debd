import { resolve } from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CompanyApplication } from "../../../src/schema/marketplace/marketplace"
import { linkTo } from "../../../src/schema/system/app-routes"
import { startServer, type TestServer } from "../../contract/harness"
import { decoded } from "../../contract/marketplace-fixture"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"

// An application's checklist in Chromium (docs/behaviour.md#documents): the page lists the required documents
// with their state, Accept on an incomplete application asks for the override's reason, and Request
// information leaves the application waiting for its applicant.

let server: TestServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({
    config: { staticDir: resolve("dist"), loginLimitPerIp: { max: 1000, windowMs: 60_000 } },
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A new application, submitted without any stored document: every required one is missing. */
async function submitApplication(name: string): Promise<string> {
  const { access } = await server.login(DEMO.admin.email, DEMO.admin.password)
  const created = await decoded(
    await server.call("/api/v1/intake/company-applications/", {
      bearer: access,
      json: {
        company_name: name,
        contact_name: "Cass Checklist",
        contact_email: "cass@example.com",
        contact_phone: "+44 113 496 0101",
        services_offered: ["heating"],
        service_area: ["Leeds"],
        registration_number: "CL123456",
        documents: [],
      },
    }),
    CompanyApplication,
    201,
  )
  return created.uuid
}

async function openApplication(uuid: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { width: 1280 })
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await page.goto(`${server.url}${linkTo.details("application", uuid)}`)
  return { page, close: () => context.close() }
}

describe("the application checklist in Chromium", () => {
  it("lists the required documents, the trade's own among them, each with its state", async () => {
    const uuid = await submitApplication("Checklist Heating Ltd")
    const { page, close } = await openApplication(uuid)
    const list = page.getByRole("list", { name: "Required documents" })
    await list.waitFor()
    const items = list.getByRole("listitem")
    await expect(items.count()).resolves.toBe(5)
    await expect(items.filter({ hasText: "Insurance" }).textContent()).resolves.toContain("Missing")
    await expect(items.filter({ hasText: "Gas Safe registration" }).textContent()).resolves.toContain(
      "Missing",
    )
    await close()
  })

  it("Accept on an incomplete application asks for the override's reason and keeps it", async () => {
    const uuid = await submitApplication("Checklist Override Ltd")
    const { page, close } = await openApplication(uuid)
    await page.getByRole("button", { name: "Accept" }).click()
    const dialog = page.getByRole("dialog", { name: "Accept without the required documents?" })
    await dialog.waitFor()
    await expect(dialog.textContent()).resolves.toContain("Insurance missing")
    const accept = dialog.getByRole("button", { name: "Accept anyway" })
    await expect(accept.isDisabled()).resolves.toBe(true)
    await dialog.getByLabel("Reason for the override").fill("Insurance seen on paper at the office")
    await accept.click()
    await page.getByRole("dialog").waitFor({ state: "detached" })
    await page.getByText("Insurance seen on paper at the office").first().waitFor()
    await page
      .locator("dd")
      .filter({ hasText: /^Accepted$/ })
      .first()
      .waitFor()
    await close()
  })

  it("Request information shows 'Waiting for the applicant since …'", async () => {
    const uuid = await submitApplication("Checklist Waiting Ltd")
    const { page, close } = await openApplication(uuid)
    await page.getByRole("button", { name: "Request information" }).click()
    const dialog = page.getByRole("dialog", { name: "Request information from the applicant" })
    await dialog.getByLabel("Message to the applicant").fill("Please send your public liability insurance.")
    await dialog.getByRole("button", { name: "Send request" }).click()
    await page.getByText(/^Waiting for the applicant since /).waitFor()
    // Still pending: it can be decided later.
    await page.getByRole("button", { name: "Reject" }).waitFor()
    await close()
  })
})
