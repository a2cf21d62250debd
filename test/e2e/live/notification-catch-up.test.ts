import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { postElsewhere } from "../elsewhere"
import { type ServerProcess, startServerProcess } from "../server-process"
import { holdSockets } from "./held-sockets"

// A read or an archive made in another browser between the inbox's load and its socket's opening reaches the
// inbox all the same: the inbox's answer says the live position it reflects, and the socket resumes from it.
// The socket is routed through the test (Playwright's routeWebSocket), which decides when it reaches the
// server, as a slow network or a busy instance would; nothing sleeps. The dashboard's summary, which every
// signed-in page loads and which says its position too, is held until after the changes: otherwise its
// position, older than the inbox's, would cover them by chance.

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

/** Nothing on the page polls: a change that shows without a reload came over the socket. */
const LIVE_WITHIN_MS = 10_000

/** Calls the notifications API as the demo admin, as another browser of the same user would. */
async function elsewhere(path: string): Promise<void> {
  expect(await postElsewhere(server.url, DEMO.admin, `/api/v1/notifications/${path}`)).toBe(200)
}

/** Holds every dashboard summary request until `release` (a retry too, should the app give up on one). */
async function holdSummary(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/api\/v1\/dashboard\/summary\//, async (route) => {
    await released
    // A request the app gave up on meanwhile cannot be continued; its retry is.
    await route.continue().catch(() => undefined)
  })
  return release
}

const pageList = (page: Page) => page.getByRole("main").getByRole("list", { name: "Notification list" })

describe("catching up an inbox whose socket was not open", () => {
  it("shows a read and an archive made elsewhere between the inbox's load and the socket's opening", async () => {
    const b = await newPage(browser)
    const sockets = await holdSockets(b.page)
    await signIn(b.page, server.url, DEMO.admin.email, DEMO.admin.password)
    await b.page.waitForURL(`${server.url}/dashboard`)
    const before = sockets.count()
    const releaseSummary = await holdSummary(b.page)
    await b.page.goto(`${server.url}/notifications`)
    const unread = pageList(b.page).locator('li[data-unread="true"]')
    await unread.nth(1).waitFor()
    const read = Number(await unread.nth(0).getAttribute("data-id"))
    const archived = Number(await unread.nth(1).getAttribute("data-id"))
    // The inbox is on screen; its socket is still waiting to reach the server when the other browser acts.
    const held = await sockets.nth(before + 1)
    await elsewhere(`${read}/mark-read/`)
    await elsewhere(`${archived}/archive/`)
    expect(await pageList(b.page).locator(`li[data-id="${read}"]`).getAttribute("data-unread")).toBe("true")
    releaseSummary()
    held.connectToServer()
    await pageList(b.page)
      .locator(`li[data-id="${read}"][data-unread="false"]`)
      .waitFor({ timeout: LIVE_WITHIN_MS })
    await pageList(b.page)
      .locator(`li[data-id="${archived}"]`)
      .waitFor({ state: "detached", timeout: LIVE_WITHIN_MS })
    await b.context.close()
  })
})
