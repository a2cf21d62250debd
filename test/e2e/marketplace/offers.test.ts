import { Schema } from "effect"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { IntakeOffer } from "../../../src/schema/marketplace/intake-offers"
import { MaintenanceRequestDetail } from "../../../src/schema/marketplace/marketplace"
import { MaintenanceRequestPage } from "../../../src/schema/marketplace/record-pages"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"
import { readApi } from "../setup-data"

// Offers in Chromium against a real server (docs/behaviour.md#offers): choosing providers shows an offer per
// provider on the request page; a provider's acceptance through the intake API, over HTTP with the intake
// key, reaches the open page live: the offer says accepted, the others withdrawn, the request assigned.

const KEY = "e2e-offers-intake-key-0123456789abcdef"

let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  server = await startServerProcess({ INTAKE_KEY: KEY })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe("offers in Chromium", () => {
  it("choose providers → offers shown; one accepted through the intake API → accepted and assigned, live", async () => {
    const approved = await readApi(
      server.url,
      DEMO.coordinator,
      "/api/v1/maintenance-requests/?status=approved&page_size=100",
      MaintenanceRequestPage,
    )
    const request = approved.results.find((r) => r.providers_state === "awaiting_providers")
    if (!request) throw new Error("the demo data has no approved maintenance request awaiting providers")
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
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

    const offers = page.getByRole("table", { name: "Offers" })
    const rowOf = (name: string) => offers.getByRole("row").filter({ hasText: name })
    for (const name of names) await rowOf(name).getByText("Offered", { exact: true }).waitFor()

    // The provider's answer comes from outside the browser: the marketplace's server, with the intake key.
    const detail = await readApi(
      server.url,
      DEMO.coordinator,
      `/api/v1/maintenance-requests/${request.uuid}/`,
      MaintenanceRequestDetail,
    )
    const taker = names[1] ?? ""
    const offer = detail.offers.find((o) => o.provider.company_name === taker)
    if (!offer) throw new Error(`no offer for ${taker}`)
    const answered = await fetch(`${server.url}/api/v1/intake/offers/${offer.uuid}/accept/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-intake-key": KEY },
      body: "{}",
    })
    expect(answered.status).toBe(200)
    expect(Schema.decodeUnknownSync(IntakeOffer)(await answered.json()).state).toBe("accepted")

    // No reload: the page heard the change.
    await rowOf(taker).getByText("Accepted", { exact: true }).waitFor()
    await rowOf(names[0] ?? "")
      .getByText("Withdrawn", { exact: true })
      .waitFor()
    await page
      .getByRole("definition")
      .filter({ hasText: `Assigned ${taker}` })
      .waitFor()
    await page.getByRole("list", { name: "Audit trail" }).getByText(`Offer accepted by ${taker}`).waitFor()
    await context.close()
  })
})
