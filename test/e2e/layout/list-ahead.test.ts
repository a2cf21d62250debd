import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { postElsewhere } from "../elsewhere"
import { type ServerProcess, startServerProcess } from "../server-process"

// The first queue's first page is loaded ahead once the signed-in page has shown (docs/behaviour.md#early-refresh):
// the first click to it shows its rows without asking for them, and what changed elsewhere meanwhile shows as
// the live stream told it. On a connection that asks to save data nothing is loaded ahead: pointing at the link
// does it.

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

/** The answers to this page's asks for the first page of pending work requests, in order, as they arrive. */
function pendingPages(page: Page): Array<{ results: Array<{ uuid: string }> }> {
  const answers: Array<{ results: Array<{ uuid: string }> }> = []
  page.on("response", (response) => {
    const url = new URL(response.url())
    if (url.pathname !== "/api/v1/work-requests/" || url.searchParams.get("status") !== "pending") return
    // A body still unread when the test closes the page is no answer to count (the counts above would miss it).
    response.json().then(
      (answer) => answers.push(answer),
      () => undefined,
    )
  })
  return answers
}

const pendingLink = (page: Page) =>
  page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Pending work requests" })

describe("the first queue loaded ahead", () => {
  it("shows its rows at the first click without asking again, with a change made meanwhile", async () => {
    const { context, page } = await newPage(browser)
    const answers = pendingPages(page)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(1)
    const decided = answers[0]?.results[0]?.uuid ?? ""
    expect(decided).not.toBe("")

    // Someone else approves the first request of the list loaded ahead: the live stream tells this tab, and
    // the list takes it in (its page loads again behind it).
    expect(await postElsewhere(server.url, DEMO.admin, `/api/v1/work-requests/${decided}/approve/`)).toBe(200)
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(2)
    await page.waitForLoadState("networkidle")
    expect(new URL(page.url()).pathname).toBe("/dashboard")

    await pendingLink(page).click()
    const rows = page.getByRole("table").getByRole("link")
    await rows.first().waitFor()
    await expect.poll(() => rows.count()).toBeGreaterThan(0)
    // The decided request is not among the rows, and the click asked for none.
    expect(await page.locator(`main table a[href="/work-request-details/${decided}"]`).count()).toBe(0)
    expect(answers.length).toBe(2)
    await context.close()
  })

  it("saving data, loads nothing ahead, and the list as the pointer reaches its link", async () => {
    const { context, page } = await newPage(browser)
    await context.addInitScript(() =>
      Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } }),
    )
    const answers = pendingPages(page)
    // The rest of the session has started once the bell's list is asked for (its first call).
    const restStarted = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/notifications/")
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.getByText(/Welcome back, /).waitFor()
    await restStarted
    await page.waitForLoadState("networkidle")
    expect(answers.length).toBe(0)

    await pendingLink(page).hover()
    await expect.poll(() => answers.length).toBe(1)
    expect(new URL(page.url()).pathname).toBe("/dashboard")
    await pendingLink(page).click()
    await page.waitForURL(`${server.url}${PENDING}`)
    await page.getByRole("table").getByRole("link").first().waitFor()
    expect(answers.length).toBe(1)
    await context.close()
  })
})
