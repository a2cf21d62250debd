import { resolve } from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { REMINDER_SENDER } from "../../server/marketplace/reminders"
import { DashboardSummary } from "../../src/schema/dashboard/dashboard"
import { CandidateList } from "../../src/schema/marketplace/candidates"
import { WorkRequest } from "../../src/schema/marketplace/marketplace"
import { WorkRequestPage } from "../../src/schema/marketplace/record-pages"
import { linkTo } from "../../src/schema/system/app-routes"
import { startServer, type TestServer } from "../contract/harness"
import { decoded } from "../contract/marketplace-fixture"
import { restRunning } from "./app-routes"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"

// The work queue in Chromium (docs/behaviour.md#waiting-time, #reminders, #choosing-providers), against the
// real server run in this process so that the test holds its clock: the pending list is oldest first with a
// Waited column and badges, the dashboard counts due and overdue, an overdue record's reminder arrives once,
// and the provider page explains a pending request and an approved one nobody can take.

const HOUR = 3_600_000
const REMINDER_INTERVAL_MS = 100

let server: TestServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({
    config: {
      staticDir: resolve("dist"),
      reminderIntervalMs: REMINDER_INTERVAL_MS,
      loginLimitPerIp: { max: 1000, windowMs: 60_000 },
    },
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A fresh token at the server's time (moving the clock expires older ones). */
const adminToken = async () => (await server.login(DEMO.admin.email, DEMO.admin.password)).access

const api = async <S extends Parameters<typeof decoded>[1]>(path: string, schema: S, json?: unknown) =>
  decoded(
    await server.call(path, { bearer: await adminToken(), ...(json === undefined ? {} : { json }) }),
    schema,
    path.startsWith("/api/v1/intake/") ? 201 : 200,
  )

const submit = (title: string, area: string) =>
  api("/api/v1/intake/work-requests/", WorkRequest, {
    title,
    description: "Submitted by the queue suite.",
    customer_name: "Quinn Queue",
    address: `3 Test Row, ${area} AB1 2CD`,
    area,
    service_category: "plumbing",
    urgency: "normal",
  })

async function signedIn(width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { width })
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  return { page, close: () => context.close() }
}

describe("the work queue in Chromium", () => {
  it("lists pending work requests oldest first, with how long each waited and its badge", async () => {
    const { page, close } = await signedIn()
    await page.goto(`${server.url}/website-coordinator/pending-requests`)
    const table = page.getByRole("table", { name: "Pending work requests" })
    await table.getByRole("columnheader", { name: "Waited" }).waitFor()
    // The order control says what the list is in: oldest first, the queue's default, kept out of the URL.
    expect(await page.getByLabel("Order").inputValue()).toBe("submitted_at")
    expect(new URL(page.url()).search).toBe("")

    const answer = await api("/api/v1/work-requests/?status=pending", WorkRequestPage)
    const oldest = answer.results[0]
    expect(oldest).toBeDefined()
    const first = table.getByRole("row").nth(1)
    expect(await first.getByRole("link").textContent()).toBe(oldest?.title)
    // The seed's oldest pending request has waited well past the overdue threshold.
    expect(await first.getByText("Overdue", { exact: true }).count()).toBe(1)
    expect(await first.locator('td[data-label="Waited"]').textContent()).toMatch(/^\d+ d( \d+ h)?Overdue$/)
    // A decided list has no Waited column.
    await page.goto(`${server.url}/website-coordinator/approved-requests`)
    await page.getByRole("table", { name: "Approved work requests" }).getByRole("link").first().waitFor()
    expect(await page.getByRole("columnheader", { name: "Waited" }).count()).toBe(0)
    await close()
  })

  it("shows each queue's due and overdue counts on the dashboard, as the server counts them", async () => {
    const { page, close } = await signedIn()
    const summary = await api("/api/v1/dashboard/summary/", DashboardSummary)
    const card = page.locator("div").filter({
      has: page.getByRole("heading", { name: "Pending work requests" }),
    })
    await card.getByText(`${summary.waiting.work_request.due} due`, { exact: true }).first().waitFor()
    await card.getByText(`${summary.waiting.work_request.overdue} overdue`, { exact: true }).first().waitFor()
    const apps = page
      .locator("div")
      .filter({ has: page.getByRole("heading", { name: "Pending applications" }) })
    await apps
      .getByText(`${summary.waiting.company_application.overdue} overdue`, { exact: true })
      .first()
      .waitFor()
    await close()
  })

  it("sends one reminder when a request becomes overdue on the server's clock, live in the bell", async () => {
    const title = `Overdue drip ${Date.now()}`
    const created = await submit(title, "Leeds")
    const { page, close } = await signedIn()
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
    await bell.waitFor()
    // The reminder is toasted as it arrives: the socket must be live by then, or it is in the first page.
    await restRunning(page)

    // The demo's open offers expire on the same clock, and their "Awaiting providers" reminders would arrive
    // with this one, toasted together: this test is about the overdue reminder alone.
    await server.database.db
      .updateTable("provider_offer")
      .set({ expires_at: new Date(server.clock.now() + 365 * 24 * HOUR) })
      .where("state", "=", "offered")
      .execute()
    // Past the server's overdue threshold: the next look sends the reminder.
    server.clock.advance(server.config.queueOverdueAfterSeconds * 1000 + HOUR)
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Overdue" })
      .first()
      .waitFor({ timeout: 20_000 })
    await bell.click()
    const panel = page.getByRole("dialog", { name: "Notifications" })
    await panel.getByRole("link", { name: new RegExp(`Overdue: ${title}`) }).waitFor({ timeout: 20_000 })

    // Many looks later it is still one: in the bell, and in the table for every deciding user.
    await new Promise((r) => setTimeout(r, REMINDER_INTERVAL_MS * 10))
    expect(await panel.getByRole("link", { name: new RegExp(`Overdue: ${title}`) }).count()).toBe(1)
    const rows = await server.database.db
      .selectFrom("notification as n")
      .innerJoin("app_user as u", "u.id", "n.user_id")
      .select(["u.email"])
      .where("n.notification_type", "=", "reminder")
      .where("n.sender_name", "=", REMINDER_SENDER)
      .where("n.action_url", "=", linkTo.details("work", created.uuid))
      .execute()
    const emails = rows.map((r) => r.email)
    expect(emails).toContain(DEMO.coordinator.email)
    expect(new Set(emails).size).toBe(emails.length)
    await close()
  })

  it("explains a pending request on the provider page and links back, with nothing to confirm", async () => {
    const created = await submit(`Not yet approved ${Date.now()}`, "Leeds")
    const { page, close } = await signedIn()
    await page.goto(`${server.url}${linkTo.selectProviders("work", created.uuid)}`)
    await page
      .getByText("This work request is still pending. Providers can be chosen once it is approved.")
      .waitFor()
    await page.getByText(`For ${created.title}: providers offering plumbing in Leeds.`).waitFor()
    expect(await page.getByRole("button", { name: /Choose|Confirm/ }).count()).toBe(0)
    await page.getByRole("link", { name: "Back to the work request" }).click()
    await page.waitForURL(`${server.url}${linkTo.details("work", created.uuid)}`)
    await close()
  })

  it("says why nobody qualifies for an approved request, and what to do", async () => {
    const created = await submit(`Nobody near ${Date.now()}`, "Nowhere-on-Sea")
    await api(`/api/v1/work-requests/${created.uuid}/approve/`, WorkRequest, {})
    const list = await api(`/api/v1/work-requests/${created.uuid}/providers/`, CandidateList)
    expect(list.count).toBe(0)
    const { page, close } = await signedIn()
    await page.goto(`${server.url}${linkTo.selectProviders("work", created.uuid)}`)
    await page.getByText("No accepted company offers plumbing in Nowhere-on-Sea.").waitFor()
    await page.getByRole("link", { name: "Review pending applications" }).waitFor()
    expect(await page.getByRole("button", { name: /Choose/ }).count()).toBe(0)
    await close()
  })
})
