// A reload of a signed-in page starts its refresh from index.html's inline script, before the boot chunk has
// arrived, and the app adopts it: one refresh per reload, then the profile, the summary and the first
// notification page together (docs/behaviour.md#early-refresh).
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  EARLY_NOTICE_PATH,
  EARLY_PROFILE_PATH,
  EARLY_REFRESH_PATH,
  EARLY_SUMMARY_PATH,
} from "../../src/schema/auth/early-refresh-script"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

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

// The paths index.html's script asks for, as the API description gives them (test/unit/early-refresh.test.ts).
const REFRESH = EARLY_REFRESH_PATH
const NOTICE = EARLY_NOTICE_PATH
const PROFILE = EARLY_PROFILE_PATH
const SUMMARY = EARLY_SUMMARY_PATH
const BOOT_CHUNK = /\/assets\/boot-[^/]+\.js$/
const RUNTIME_CHUNK = /\/assets\/Effect-[^/]+\.js$/

interface Asked {
  /** Every API path asked for (query left out), in order. */
  readonly api: string[]
  /** What the page said about its Content-Security-Policy. */
  readonly violations: string[]
}

function watch(page: Page): Asked {
  const asked: Asked = { api: [], violations: [] }
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith("/api/")) asked.api.push(url.pathname)
  })
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) asked.violations.push(message.text())
  })
  return asked
}

const count = (asked: Asked, path: string) => asked.api.filter((p) => p === path).length

async function signedInContext(): Promise<BrowserContext> {
  const { context, page } = await newPage(browser)
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await page.getByText(/Welcome back, /).waitFor()
  await page.close()
  return context
}

/** Holds the boot chunk until `release` resolves, and tells whether a refresh had been asked for by then. */
async function holdBoot(page: Page, asked: Asked, release: () => Promise<void>): Promise<() => boolean> {
  let refreshedBeforeBoot = false
  await page.route(BOOT_CHUNK, async (route) => {
    await release()
    refreshedBeforeBoot = count(asked, REFRESH) > 0
    await route.continue()
  })
  return () => refreshedBeforeBoot
}

/**
 * Holds the boot chunk (so none of the app's code runs) until `enough` holds for the scripts and styles asked
 * for so far, or `waitMs` has passed; then gives what had been asked for by the time it was released.
 */
async function chunksAskedWhileBootHeld(
  page: Page,
  enough: (asked: string[]) => boolean,
  waitMs = 10_000,
): Promise<() => string[]> {
  const asked: string[] = []
  let beforeBoot: string[] = []
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith("/assets/")) asked.push(url.pathname)
  })
  await page.route(BOOT_CHUNK, async (route) => {
    const until = Date.now() + waitMs
    while (!enough(asked) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
    beforeBoot = [...asked]
    await route.continue()
  })
  return () => beforeBoot
}

describe("the session starts while the JavaScript downloads", () => {
  it("a reload of /dashboard refreshes once, and asks for the profile and the summary once, before the boot chunk has arrived, and shows the page", async () => {
    const context = await signedInContext()
    const page = await context.newPage()
    const asked = watch(page)
    let gotBeforeBoot: string[] = []
    // The boot chunk is held until the summary has been asked for (or 10 s have passed, and the checks fail).
    const early = await holdBoot(page, asked, () =>
      page
        .waitForRequest((r) => new URL(r.url()).pathname === SUMMARY, { timeout: 10_000 })
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          gotBeforeBoot = [...asked.api]
        }),
    )
    await page.goto(`${server.url}/dashboard`)
    await page.getByText(/Welcome back, .+\./).waitFor({ timeout: 30_000 })
    await page.getByRole("link", { name: "Work requests", exact: false }).first().waitFor()
    // Whatever else the page asks for at start has been asked for by the time the bell has its first page.
    await expect.poll(() => count(asked, "/api/v1/notifications/")).toBeGreaterThan(0)
    await page.waitForTimeout(500)
    expect(early(), "the refresh waited for the boot chunk").toBe(true)
    expect(count(asked, REFRESH)).toBe(1)
    // The app took the answers index.html's script had asked for, instead of asking again.
    expect(gotBeforeBoot).toEqual([REFRESH, PROFILE, SUMMARY])
    expect(count(asked, PROFILE)).toBe(1)
    expect(count(asked, SUMMARY)).toBe(1)
    // Nothing that needs the token was asked for before it.
    expect(asked.api[0]).toBe(REFRESH)
    expect(asked.violations).toEqual([])
    await context.close()
  })

  it("when the early refresh gets no answer, the app refreshes as before and the page shows", async () => {
    const context = await signedInContext()
    const page = await context.newPage()
    const asked = watch(page)
    let refused = 0
    await page.route(`**${REFRESH}`, async (route) => {
      // Only the first, the inline script's: the app's own refresh goes through.
      if (refused++ === 0) await route.abort("connectionfailed")
      else await route.continue()
    })
    await page.goto(`${server.url}/dashboard`)
    await page.getByText(/Welcome back, .+\./).waitFor({ timeout: 30_000 })
    expect(count(asked, REFRESH)).toBe(2)
    expect(new URL(page.url()).pathname).toBe("/dashboard")
    await context.close()
  })

  it("a reload of a signed-in page asks for the chunks it needs before the app's code has run", async () => {
    const context = await signedInContext()
    for (const [path, page] of [
      // The dashboard's page is part of the signed-in chunk (vite.config.ts, "signed-in").
      ["/dashboard", /\/assets\/signed-in-[^/]+\.js$/],
      ["/notifications/1", /\/assets\/NotificationDetailPage-[^/]+\.js$/],
    ] as const) {
      const tab = await context.newPage()
      const chunks = await chunksAskedWhileBootHeld(tab, (ask) => ask.some((url) => page.test(url)))
      await tab.goto(`${server.url}${path}`)
      await tab.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 30_000 })
      const asked = chunks()
      expect(
        asked.filter((url) => page.test(url)),
        path,
      ).toHaveLength(1)
      // The layout is one chunk with what the main pages share (vite.config.ts, "signed-in").
      for (const needed of [
        /\/signed-in-[^/]+\.js$/,
        /session\.actors-[^/]+\.js$/,
        /auth-records-[^/]+\.js$/,
      ])
        expect(
          asked.some((url) => needed.test(url)),
          `${path}: ${needed}`,
        ).toBe(true)
      // Only that path's page: no other page's chunk, nothing loaded on demand.
      expect(
        asked.filter((url) => /(NotificationsPage|list-pages|SettingsPage|SupportPanel)-/.test(url)),
      ).toEqual([])
      await tab.close()
    }
    await context.close()
  })

  it("the sign-in page preloads nothing of the signed-in app, even for a browser with a session", async () => {
    const context = await signedInContext()
    const tab = await context.newPage()
    const chunks = await chunksAskedWhileBootHeld(tab, () => false, 1500)
    await tab.goto(`${server.url}/login`)
    await tab.waitForURL(`${server.url}/dashboard`)
    expect(chunks().filter((url) => /\/(signed-in|session\.actors)-/.test(url))).toEqual([])
    await context.close()
  })

  it("without a session, the sign-in notice is asked for before the boot chunk has arrived, once", async () => {
    const { context, page } = await newPage(browser)
    const asked = watch(page)
    let noticeBeforeBoot = false
    // The boot chunk is held (none of the app's code runs) until the notice is asked for, or for 5 s.
    await page.route(BOOT_CHUNK, async (route) => {
      const until = Date.now() + 5000
      while (count(asked, NOTICE) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
      noticeBeforeBoot = count(asked, NOTICE) > 0
      await route.continue()
    })
    await page.goto(`${server.url}/login`)
    await page.getByText(/demo accounts/i).waitFor()
    expect(noticeBeforeBoot).toBe(true)
    expect(count(asked, NOTICE)).toBe(1)
    expect(asked.violations).toEqual([])
    await context.close()
  })

  it("without a session, the sign-in notice shows while the runtime's chunk is still on its way", async () => {
    const { context, page } = await newPage(browser)
    // The runtime's chunk (Effect) is held until the notice shows, or for 10 s: the notice's machine and the
    // early answer need none of it, so waiting for it would only put the notice after the runtime's evaluation.
    let shown = false
    let heldWhileShown = false
    await page.route(RUNTIME_CHUNK, async (route) => {
      const until = Date.now() + 10_000
      while (!shown && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
      heldWhileShown = shown
      await route.continue()
    })
    await page.goto(`${server.url}/login`)
    await page.getByText(/demo accounts/i).waitFor({ timeout: 8_000 })
    shown = true
    await expect.poll(() => heldWhileShown).toBe(true)
    await context.close()
  })

  it("a browser without a session asks for no refresh at all and lands on the sign-in page", async () => {
    const { context, page } = await newPage(browser)
    const asked = watch(page)
    await page.goto(`${server.url}/dashboard`)
    await page.waitForURL(/\/login/)
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor()
    // The sign-in page calls only the public: the notice of demo accounts, and the passkey autofill's options
    // when the email field has the focus. No refresh, nothing signed in.
    await page.getByText(/demo accounts/i).waitFor()
    expect(asked.api.filter((path) => path !== "/api/company/passkeys/sign-in/options/")).toEqual([
      "/api/company/sign-in-notice/",
    ])
    expect(asked.violations).toEqual([])
    await context.close()
  })
})
