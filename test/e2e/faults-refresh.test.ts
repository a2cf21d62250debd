// Fault: four tabs of one browser share one refresh cookie and refresh it at the same moment, fifty times in a
// row (every reload restores the session through /token/refresh/, shared between tabs whose refreshes meet).
// The rotation's grace for the previous token must absorb the races that remain: no tab is ever logged out, and every tab's API calls keep succeeding.
import type { Browser, Page, Response } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

const TABS = 4
const ROUNDS = 50

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

interface Seen {
  readonly refreshes: number[]
  readonly apiFailures: string[]
}

/** Every refresh status and every failed API call a tab sees. */
function watch(page: Page): Seen {
  const seen: Seen = { refreshes: [], apiFailures: [] }
  page.on("response", (response: Response) => {
    const path = new URL(response.url()).pathname
    if (path === "/api/company/token/refresh/") seen.refreshes.push(response.status())
    else if (path.startsWith("/api/") && response.status() >= 400)
      seen.apiFailures.push(`${response.status()} ${path}`)
  })
  return seen
}

/** Signed in and showing data from the API: the dashboard's welcome and the bell's count both loaded. */
async function signedInAndLoaded(page: Page): Promise<void> {
  // Settles on either outcome first, so that a tab sent to sign in again fails here with its address.
  await page.waitForFunction(
    () => location.pathname === "/login" || document.body.textContent?.includes("Welcome back, "),
    undefined,
    { timeout: 30_000 },
  )
  expect(new URL(page.url()).pathname, "a tab was logged out").toBe("/dashboard")
  await page.getByText(/Welcome back, /).waitFor({ timeout: 30_000 })
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .waitFor({ timeout: 30_000 })
  expect(new URL(page.url()).pathname).toBe("/dashboard")
}

describe("four tabs refreshing at once", () => {
  it(`keeps all ${TABS} tabs signed in through ${ROUNDS} simultaneous refreshes`, async () => {
    const { context, page: first } = await newPage(browser)
    await signIn(first, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await first.waitForURL(`${server.url}/dashboard`)
    const pages = [first]
    for (let i = 1; i < TABS; i++) {
      const page = await context.newPage()
      await page.goto(`${server.url}/dashboard`)
      pages.push(page)
    }
    await Promise.all(pages.map(signedInAndLoaded))
    const seen = pages.map(watch)

    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(pages.map((page) => page.reload({ waitUntil: "commit" })))
      await Promise.all(pages.map(signedInAndLoaded))
    }

    const refreshes = seen.flatMap((s) => s.refreshes)
    // Every round restored its sessions through the server: tabs that reload together share one refresh when
    // their lock requests meet (the others take its token) and race their own when they do not, so each round
    // sends between one and TABS refreshes.
    expect(refreshes.length).toBeGreaterThanOrEqual(ROUNDS)
    expect(refreshes.length).toBeLessThanOrEqual(TABS * ROUNDS)
    expect(refreshes.filter((status) => status !== 200)).toEqual([])
    expect(seen.flatMap((s) => s.apiFailures)).toEqual([])

    // Still signed in on the server's side too: an API call through the app (the bell's list) succeeds.
    for (const page of pages) {
      await page
        .getByRole("banner")
        .getByRole("button", { name: /^Notifications/ })
        .click()
      await page
        .getByRole("dialog", { name: "Notifications" })
        .getByRole("list", { name: "Notification list" })
        .waitFor()
    }
    expect(seen.flatMap((s) => s.apiFailures)).toEqual([])
    await context.close()
  }, 600_000)
})
