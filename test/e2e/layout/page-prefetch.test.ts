import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// Every first click as fast as the second: once the signed-in page has painted and the browser is idle, the
// code of the pages the user's category can open is fetched, the lists first; on a connection that asks to
// save data nothing is fetched ahead, and pointing at a link fetches its page's code before the click.

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

/** The page chunks this page asked for, in the order it asked (named by their source modules). */
function chunksAsked(page: Page): string[] {
  const asked: string[] = []
  page.on("request", (request) => {
    const name = /\/assets\/([A-Za-z.-]+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)?.[1]
    if (name && !asked.includes(name)) asked.push(name)
  })
  return asked
}

describe("page code fetched before it is asked for", () => {
  it("fetches the pages a read-only user can open once idle, lists first, and not the choosers' or staff pages", async () => {
    const { context, page } = await newPage(browser)
    const asked = chunksAsked(page)
    await signIn(page, server.url, DEMO.viewer.email, DEMO.viewer.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await expect
      .poll(() => ["list-pages", "DetailPage", "ProfilePage"].every((c) => asked.includes(c)))
      .toBe(true)
    await page.waitForLoadState("networkidle")
    expect(asked.indexOf("list-pages")).toBeLessThan(asked.indexOf("ProfilePage"))
    expect(asked.indexOf("DetailPage")).toBeLessThan(asked.indexOf("ProfilePage"))
    // A read-only user cannot choose providers, open the reports or manage staff: their code stays on the server.
    const gated = ["SelectProvidersPage", "ReportsPage", "StaffPage"]
    expect(asked.filter((c) => gated.includes(c))).toEqual([])
    await context.close()
  })

  it("waits for the summary the first paint shows before fetching anything ahead", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.getByText(/Welcome back, /).waitFor()
    await page.waitForLoadState("networkidle")
    // The summary's answer is held back while the page reloads.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route("**/api/v1/dashboard/summary/**", async (route) => {
      await held
      await route.continue().catch(() => undefined)
    })
    const asked = chunksAsked(page)
    await page.reload()
    await page.getByText(/Welcome back, /).waitFor()
    // Idle time has come and gone, twice over: before, the rest of the session and the pages' code came now.
    const idleTwice = () =>
      new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve())))
    await page.evaluate(idleTwice)
    await page.evaluate(idleTwice)
    const ahead = ["session-rest.actors", "live-parts", "list-pages", "DetailPage", "UserMenuPopup"]
    expect(asked.filter((c) => ahead.includes(c))).toEqual([])
    release()
    await page.getByRole("heading", { name: "Recent activity" }).waitFor()
    await expect.poll(() => ahead.filter((c) => !asked.includes(c))).toEqual([])
    await context.close()
  })

  it("saving data, fetches nothing ahead, and a page's code as the pointer reaches its link", async () => {
    const { context, page } = await newPage(browser)
    await context.addInitScript(() =>
      Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } }),
    )
    const asked = chunksAsked(page)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.getByText(/Welcome back, /).waitFor()
    await page.waitForLoadState("networkidle")
    expect(asked).not.toContain("list-pages")
    expect(asked).not.toContain("ProfilePage")

    const link = page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", {
      name: "Pending work requests",
    })
    await link.hover()
    await expect.poll(() => asked.includes("list-pages")).toBe(true)
    expect(new URL(page.url()).pathname).toBe("/dashboard")
    await link.click()
    await page.getByRole("table").first().waitFor()
    await context.close()
  })
})
