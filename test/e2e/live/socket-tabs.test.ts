import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, signIn } from "../browser"
import { sendToAdmin } from "../send-notification"
import { type ServerProcess, startServerProcess } from "../server-process"
import { socketLines, socketsOf, userIdOf } from "./server-sockets"

// The tabs of one session share one live socket (docs/behaviour.md#one-socket-per-session): three pages of one
// Chromium context share cookies, a BroadcastChannel and Web Locks, as three tabs do. The server says how many
// sockets it holds for the user (its socket log lines). The first tab holds the socket; closing it hands it to
// another, and a notification sent at that very moment still reaches every open tab, once. Its toast shows in
// the tab used last only (opened last, or brought to the front since).

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

/** Nothing on the page polls: a notification that shows without a reload came over the socket. */
const LIVE_WITHIN_MS = 10_000

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" })
const toasts = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title })
const listed = (page: Page, title: string) => panel(page).getByRole("link", { name: new RegExp(title) })

/** Opens the bell's panel and waits until it says the connection is live. */
async function live(page: Page): Promise<void> {
  await bell(page).waitFor()
  if (!(await panel(page).isVisible())) await bell(page).click()
  await panel(page).getByText("Live", { exact: true }).waitFor({ timeout: LIVE_WITHIN_MS })
}

/**
 * The notification shows once in every tab's bell, and as a toast once in the tab in use and in no other. The
 * tabs are checked after the one in use has shown its toast, by when every tab has had the frame (the holder
 * relays it after handling it).
 */
async function arrivedOnce(tabs: ReadonlyArray<Page>, inUse: Page, title: string): Promise<void> {
  for (const page of tabs) await listed(page, title).waitFor({ timeout: LIVE_WITHIN_MS })
  await toasts(inUse, title).first().waitFor({ timeout: LIVE_WITHIN_MS })
  for (const page of tabs) {
    expect(await listed(page, title).count()).toBe(1)
    expect(await toasts(page, title).count()).toBe(page === inUse ? 1 : 0)
  }
}

/**
 * Makes the page say it is hidden or shown, as Chromium does when another tab comes over it (Playwright's pages
 * always say they are visible). A string: the test's loader would wrap the getters in a helper the page lacks.
 */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate(`(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (${hidden} ? "hidden" : "visible") })
    document.dispatchEvent(new Event("visibilitychange"))
  })()`)

/** Tabs of one session, each live: the first signs in and holds the socket, the others open after it. */
async function liveTabs(count: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const first = await context.newPage()
  await signIn(first, server.url, DEMO.admin.email, DEMO.admin.password)
  await first.waitForURL(`${server.url}/dashboard`)
  await live(first)
  const others: Page[] = []
  for (let i = 1; i < count; i++) {
    const page = await context.newPage()
    await page.goto(`${server.url}/dashboard`)
    others.push(page)
  }
  for (const page of others) await live(page)
  return { context, tabs: [first, ...others] }
}

describe("one live socket for the tabs of a session", () => {
  it("holds one socket for three tabs, reaches every bell, and survives the holder's close", async () => {
    const adminId = await userIdOf(server.url, DEMO.admin)
    const { context, tabs } = await liveTabs(3)
    const [a, b, c] = tabs
    if (!a || !b || !c) throw new Error("three tabs")
    // Every tab is live, so any socket a tab opened has joined the server's registry (it logs before it answers).
    expect(socketsOf(server.output(), adminId)).toBe(1)
    expect(socketLines(server.output(), adminId).filter((l) => l.msg.endsWith("opened"))).toHaveLength(1)

    await sendToAdmin(server.url, { title: "Tabs first", message: "to every tab" })
    await arrivedOnce([a, b, c], c, "Tabs first")

    // The first tab holds the socket: closing it hands the socket over while a notification is on its way.
    await a.close()
    await sendToAdmin(server.url, { title: "Tabs second", message: "through the next holder" })
    await arrivedOnce([b, c], c, "Tabs second")
    const lines = socketLines(server.output(), adminId)
    expect(lines.filter((l) => l.msg.endsWith("opened"))).toHaveLength(2)
    await expect.poll(() => socketsOf(server.output(), adminId)).toBe(1)
    // Nothing arrives twice later either (a replay after the takeover, say); the person goes back to the second
    // tab and clicks in it, so the toast is that tab's now.
    await b.bringToFront()
    await panel(b).getByText("Live", { exact: true }).click()
    await sendToAdmin(server.url, { title: "Tabs third", message: "after the takeover" })
    await arrivedOnce([b, c], b, "Tabs third")
    expect(await listed(b, "Tabs second").count()).toBe(1)
    expect(await listed(c, "Tabs second").count()).toBe(1)
    await context.close()
  })

  it("a hidden tab catches up on what it missed when it is shown again, once", async () => {
    const { context, tabs } = await liveTabs(2)
    const [a, b] = tabs
    if (!a || !b) throw new Error("two tabs")
    await setHidden(b, true)
    await sendToAdmin(server.url, { title: "Hidden first", message: "kept while hidden" })
    await listed(a, "Hidden first").waitFor({ timeout: LIVE_WITHIN_MS })
    // The holder relays a frame after drawing it: a shown follower has it within moments. The hidden one no longer
    // hears the frames, and catches up from its position as it is shown.
    await sendToAdmin(server.url, { title: "Shown check", message: "after the first" })
    await listed(a, "Shown check").waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await listed(b, "Hidden first").count()).toBe(0)
    await setHidden(b, false)
    await listed(b, "Hidden first").waitFor({ timeout: LIVE_WITHIN_MS })
    await listed(b, "Shown check").waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await listed(b, "Hidden first").count()).toBe(1)
    expect(await listed(b, "Shown check").count()).toBe(1)
    await context.close()
  })
})
