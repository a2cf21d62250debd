import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { postElsewhere } from "../elsewhere"
import { type ServerProcess, startServerProcess } from "../server-process"
import { holdSockets } from "./held-sockets"

// A change made while a page's socket is not open reaches the page all the same: made between the list's
// fetch and the socket's opening (the upgrade is held by the test, as a slow network or a busy instance would),
// and made while the socket reconnects. The socket is routed through the test (Playwright's routeWebSocket),
// which decides when each connection reaches the server; nothing sleeps.

declare global {
  interface Window {
    /** The top bar's connection states since the page loaded, recorded by the test's init script. */
    __connectionStates?: string[]
  }
}

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
/** Nothing on the page polls: a change that shows without a reload came over the socket. */
const LIVE_WITHIN_MS = 10_000

/** Approves through the API as the demo coordinator, as another browser would. */
async function approveElsewhere(href: string): Promise<void> {
  const uuid = href.split("/").pop() ?? ""
  expect(await postElsewhere(server.url, DEMO.coordinator, `/api/v1/work-requests/${uuid}/approve/`)).toBe(
    200,
  )
}

/**
 * Records each state the top bar's connection status shows, from each load of the page on, however briefly: a
 * routed socket opens in the page at once, so a state that lasts a frame is seen only this way. (A page's first
 * connection, which must not say "Reconnecting…", is over too soon through a route to be seen here; the socket's
 * path tests hold its health to that.)
 */
async function recordConnectionStates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const states: string[] = []
    window.__connectionStates = states
    new MutationObserver(() => {
      const state = document.querySelector("header [data-connection]")?.getAttribute("data-connection")
      if (state && states.at(-1) !== state) states.push(state)
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-connection"],
    })
  })
}
const connectionStates = (page: Page) => page.evaluate(() => window.__connectionStates ?? [])

const firstRowHref = async (page: Page) => {
  const links = page.getByRole("table").getByRole("link")
  await links.nth(1).waitFor()
  return (await links.first().getAttribute("href")) ?? ""
}

describe("catching up a page whose socket was not open", () => {
  it("shows a change made between the list's fetch and the socket's opening", async () => {
    const b = await newPage(browser)
    const sockets = await holdSockets(b.page)
    await signIn(b.page, server.url, DEMO.admin.email, DEMO.admin.password)
    await b.page.waitForURL(`${server.url}/dashboard`)
    const before = sockets.count()
    await b.page.goto(`${server.url}${PENDING}`)
    const href = await firstRowHref(b.page)
    // The list is on screen; its socket is still waiting to reach the server when the record is decided.
    const held = await sockets.nth(before + 1)
    await approveElsewhere(href)
    held.connectToServer()
    await b.page
      .getByRole("table")
      .locator(`a[href="${href}"]`)
      .waitFor({ state: "detached", timeout: LIVE_WITHIN_MS })
    await b.context.close()
  })

  it("shows a change made while the socket was reconnecting, resuming from where it was", async () => {
    const b = await newPage(browser)
    await recordConnectionStates(b.page)
    const sockets = await holdSockets(b.page)
    await signIn(b.page, server.url, DEMO.admin.email, DEMO.admin.password)
    await b.page.waitForURL(`${server.url}/dashboard`)
    const before = sockets.count()
    await b.page.goto(`${server.url}${PENDING}`)
    const first = await firstRowHref(b.page)
    const live = await sockets.nth(before + 1)
    live.connectToServer()
    // A change while connected arrives and moves the position the tab holds.
    await approveElsewhere(first)
    await b.page
      .getByRole("table")
      .locator(`a[href="${first}"]`)
      .waitFor({ state: "detached", timeout: LIVE_WITHIN_MS })
    const count = sockets.count()
    await live.close({ code: 4000, reason: "test: connection lost" })
    // The reconnection is held while another record is decided.
    const again = await sockets.nth(count + 1)
    // A connection after a loss is a reconnection, and the top bar said so.
    expect(await connectionStates(b.page)).toContain("reconnecting")
    const next = await firstRowHref(b.page)
    await approveElsewhere(next)
    expect(new URL(again.url()).searchParams.get("since")).toMatch(/^[1-9][0-9]*$/)
    again.connectToServer()
    await b.page
      .getByRole("table")
      .locator(`a[href="${next}"]`)
      .waitFor({ state: "detached", timeout: LIVE_WITHIN_MS })
    await b.context.close()
  })
})
