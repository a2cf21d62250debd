import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

// One session across the tabs of a browser: two pages of one Chromium context share cookies and a
// BroadcastChannel, as two tabs do. A sign-out in one signs out the other at once; a sign-in as someone else
// in one shows that person in the other.

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

async function twoTabs(): Promise<{ context: BrowserContext; a: Page; b: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return { context, a: await context.newPage(), b: await context.newPage() }
}

const userMenu = (page: Page) => page.getByRole("button", { name: /^User menu for / })

async function logOut(page: Page): Promise<void> {
  await userMenu(page).click()
  await page.getByRole("menuitem", { name: "Log out" }).click()
  await page.getByRole("dialog", { name: "Confirm Logout" }).getByRole("button", { name: "Log out" }).click()
}

describe("one session across tabs", () => {
  it("a sign-out in one tab sends the other to /login within 2 s, and drops what it showed", async () => {
    const { context, a, b } = await twoTabs()
    await signIn(a, server.url, DEMO.admin.email, DEMO.admin.password)
    await a.waitForURL(`${server.url}/dashboard`)
    await b.goto(`${server.url}/website-coordinator/pending-requests`)
    await b.getByRole("table").first().waitFor()
    await logOut(a)
    await a.waitForURL(/\/login/)
    await b.waitForURL(/\/login/, { timeout: 2_000 })
    expect(await b.getByRole("table").count()).toBe(0)
    await context.close()
  })

  it("a sign-in as someone else in one tab shows that person in the other", async () => {
    const { context, a, b } = await twoTabs()
    await signIn(a, server.url, DEMO.admin.email, DEMO.admin.password)
    await a.waitForURL(`${server.url}/dashboard`)
    await b.goto(`${server.url}/dashboard`)
    // The name comes with the profile, which a reload asks for once the runtime's chunk has arrived.
    await expect.poll(() => userMenu(b).textContent(), { timeout: 10_000 }).toMatch(/Ada Admin/)
    const signedOut = a.waitForResponse((r) => new URL(r.url()).pathname === "/api/company/logout/")
    await logOut(a)
    await b.waitForURL(/\/login/)
    // The other tab leaves at once, before the server has heard of the sign-out; loading the sign-in page in
    // this tab sooner would cut that call short, and the next page's refresh would find the session alive.
    await signedOut
    await signIn(a, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await a.waitForURL(`${server.url}/dashboard`)
    // The other tab, left on the sign-in page, is now the coordinator's, without a reload or a second sign-in.
    await b.waitForURL(`${server.url}/dashboard`)
    await expect.poll(() => userMenu(b).textContent()).toMatch(/Corey Coordinator/)
    await context.close()
  })
})
