import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

// Two signed-in browsers: A (a coordinator) approves a work request; B (an admin), with the pending list, the
// dashboard and the record's detail page open in three tabs, sees all of them follow within 2 s, without a
// reload, with the search box B is typing in still focused and the row B ticked still ticked.

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
/**
 * Nothing in these pages polls, so a change that shows at all without a reload came over the socket; how fast it
 * comes is a benchmark's figure (`npm run bench:record-latency`), not this test's, which runs on shared machines.
 */
const LIVE_WITHIN_MS = 10_000

const workCount = async (page: Page): Promise<number> => {
  const title = await page.locator('span[title$="pending in Work Requests"]').getAttribute("title")
  return Number(title?.split(" ")[0])
}

describe("live records across browsers", () => {
  it("B's list, detail page, sidebar count and dashboard follow A's approval, and B keeps focus and ticks", async () => {
    const b = await newPage(browser)
    await signIn(b.page, server.url, DEMO.admin.email, DEMO.admin.password)
    await b.page.waitForURL(`${server.url}/dashboard`)
    const dashboard = b.page
    const dashboardCard = dashboard.getByRole("heading", { name: "Pending work requests" }).locator("..")
    await dashboardCard.waitFor()

    const list = await b.context.newPage()
    await list.goto(`${server.url}${PENDING}`)
    const links = list.getByRole("table").getByRole("link")
    await links.nth(1).waitFor()
    const href = (await links.first().getAttribute("href")) ?? ""
    // Seeded titles repeat: the ticked row is found by its link, not its title.
    const secondHref = (await links.nth(1).getAttribute("href")) ?? ""
    const ticked = list.locator(`tr:has(a[href="${secondHref}"])`).getByRole("checkbox")
    expect(href).toMatch(/^\/work-request-details\//)

    const detail = await b.context.newPage()
    await detail.goto(`${server.url}${href}`)
    await detail.getByRole("button", { name: "Approve" }).waitFor()
    const detailPlace = () => detail.evaluate(() => [window.scrollY, document.activeElement?.tagName])
    const detailBefore = await detailPlace()

    // B ticks another row and is typing in the search box. Search applies as you type, so B types spaces: a
    // word would filter away the rows this test watches.
    await ticked.check()
    const search = list.getByRole("searchbox", { name: "Search pending work requests" })
    await search.click()
    await search.pressSequentially("  ")
    const sidebarBefore = await workCount(list)
    const dashboardBefore = Number(await dashboardCard.locator("span").first().textContent())

    const a = await newPage(browser)
    await signIn(a.page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await a.page.waitForURL(`${server.url}/dashboard`)
    await a.page.goto(`${server.url}${href}`)
    await a.page.getByRole("button", { name: "Approve" }).click()
    await a.page.getByRole("dialog").getByRole("button", { name: "Approve" }).click()

    const live = { timeout: LIVE_WITHIN_MS }
    await Promise.all([
      // The row left B's pending list; the count beside the sidebar group went down.
      list
        .getByRole("table")
        .locator(`a[href="${href}"]`)
        .waitFor({ state: "detached", ...live }),
      list.waitForFunction(
        (before) => {
          const span = document.querySelector('span[title$="pending in Work Requests"]')
          return Number(span?.getAttribute("title")?.split(" ")[0] ?? 0) === before - 1
        },
        sidebarBefore,
        live,
      ),
      // The detail page offers no decision any more and says who decided.
      detail.getByRole("button", { name: "Approve" }).waitFor({ state: "detached", ...live }),
      detail.getByText("Approved by Corey Coordinator just now").waitFor(live),
      // The dashboard's number went down.
      dashboardCard
        .locator("span")
        .first()
        .filter({ hasText: new RegExp(`^${dashboardBefore - 1}$`) })
        .waitFor(live),
    ])

    // Nothing was reloaded or moved: B is still typing in the search box, and the ticked row is still ticked.
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await search.inputValue()).toBe("  ")
    expect(await ticked.isChecked()).toBe(true)
    // Neither did the detail page's scroll position or focus move.
    expect(await detailPlace()).toEqual(detailBefore)
    // The audit trail on B's detail page has the approval.
    await detail
      .getByText(/approved/i)
      .first()
      .waitFor()
    await a.context.close()
    await b.context.close()
  })
})
