import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
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

/** Console errors a page logs (CSP violations show up here), to assert that none happened. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text())
  })
  page.on("pageerror", (err) => errors.push(err.message))
  return errors
}

describe("walking skeleton in Chromium", () => {
  it("signs in as the coordinator, and a reload keeps the session", async () => {
    const { context, page } = await newPage(browser)
    const errors = collectErrors(page)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await expect(page.getByRole("heading", { name: "Dashboard" }).textContent()).resolves.toBe("Dashboard")
    await page.getByText(/Welcome back, /).waitFor()
    await page.reload()
    await page.getByText(/Welcome back, /).waitFor()
    expect(page.url()).toBe(`${server.url}/dashboard`)
    expect(errors.filter((e) => !e.includes("401"))).toEqual([])
    await context.close()
  })

  it("shows the server's message for a wrong password", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, "not-the-password")
    const alert = page.getByRole("alert")
    await alert.waitFor()
    const text = await alert.textContent()
    expect(text).not.toBe("Login failed")
    expect(text?.length).toBeGreaterThan(0)
    expect(page.url()).toContain("/login")
    await context.close()
  })

  it("returns a signed-out visitor to the protected page they asked for", async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${server.url}/website-coordinator/pending-requests?page=2`)
    await page.waitForURL(/\/login\?next=/)
    await page.getByLabel("Email").fill(DEMO.coordinator.email)
    await page.getByLabel("Password").fill(DEMO.coordinator.password)
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await page.waitForURL(`${server.url}/website-coordinator/pending-requests?page=2`)
    await page.getByRole("heading", { name: "Pending work requests" }).waitFor()
    await context.close()
  })

  it("logs out through the confirmation dialog, and the session is gone after a reload", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.getByRole("button", { name: /User menu/ }).click()
    await page.getByRole("menuitem", { name: "Log out" }).click()
    const dialog = page.getByRole("dialog", { name: "Confirm Logout" })
    await dialog.waitFor()
    expect(await dialog.getByText("Are you sure you want to sign out?").isVisible()).toBe(true)
    const signedOut = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/company/logout/")
    await dialog.getByRole("button", { name: "Log out" }).click()
    await page.waitForURL(`${server.url}/login`)
    // The sign-in page shows before the server has heard of the sign-out: a reload must follow the call.
    expect((await signedOut).status()).toBe(200)
    await page.goto(`${server.url}/dashboard`)
    await page.waitForURL(/\/login/)
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor()
    await context.close()
  })

  it("collapses the sidebar to 64 px on a 375 px wide window, and the menu button opens it", async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 })
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    const sidebar = page.getByRole("complementary", { name: "Sidebar" })
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64)
    await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click()
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(320)
    await context.close()
  })

  it("focuses the palette's search with Ctrl+K, and the sidebar's search filters the sidebar", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    // The shortcut belongs to the command palette, which joins the top bar with the rest of the session, after
    // the first paint (docs/architecture.md#start-up-order-the-page-shows-first-the-rest-follows).
    await page.getByRole("complementary", { name: "Sidebar" }).waitFor()
    await page.getByRole("button", { name: "Search pages and records" }).waitFor()
    await page.keyboard.press("Control+k")
    const palette = page.getByRole("combobox", { name: "Search pages and records" })
    await expect.poll(() => palette.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press("Escape")
    const search = page.getByRole("searchbox", { name: "Search" })
    await search.fill("receipt")
    const nav = page.getByRole("navigation", { name: "Main" })
    await nav.getByRole("link", { name: "Receipts" }).waitFor()
    expect(await nav.getByRole("link", { name: "Billing" }).count()).toBe(0)
    await context.close()
  })

  it("sends a read-only user away from a role-required page, and unknown paths to the dashboard", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.viewer.email, DEMO.viewer.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.goto(`${server.url}/work-requests/00000000-0000-4000-8000-000000000000/select-providers`)
    await page.waitForURL(`${server.url}/unauthorized`)
    await page.goto(`${server.url}/no/such/page`)
    await page.waitForURL(`${server.url}/dashboard`)
    await context.close()
  })

  it("remembers a dismissed Terms of Service banner and the chosen theme", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    const banner = page.getByRole("region", { name: "Terms of Service update" })
    expect(await banner.textContent()).toContain("June 30, 2025")
    await banner.getByRole("button", { name: "Dismiss" }).click()
    await page.goto(`${server.url}/theme`)
    await page.getByLabel("Dark").check()
    await page.reload()
    await page.getByLabel("Dark").waitFor()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark")
    expect(await page.getByRole("region", { name: "Terms of Service update" }).count()).toBe(0)
    await context.close()
  })

  it("shows a retry instead of a blank page when a page chunk fails to load", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.route(/HelpPage-.*\.js$/, (route) => route.abort())
    await page.getByRole("link", { name: "Help" }).click()
    const alert = page.getByRole("alert")
    await alert.getByText("This page could not be loaded", { exact: false }).waitFor()
    await page.unroute(/HelpPage-.*\.js$/)
    await alert.getByRole("button", { name: "Retry" }).click()
    await page.getByRole("heading", { name: "Help" }).waitFor()
    await context.close()
  })

  it("keeps the page, and brings each on-demand part, when its code failed to download the first time", async () => {
    const { context, page } = await newPage(browser)
    const errors = collectErrors(page)
    // The parts the signed-in page fetches after its first paint or at a first click: the user menu's popup,
    // the day's plan, the top bar's live parts (the palette among them) and the layout's icons. The first
    // download of each fails, as when the network drops at that moment; the ones after it arrive.
    const parts = /\/(UserMenuPopup|DayPlanCard|live-parts|shell-icons)-[^/]+\.js$/
    const failed = new Set<string>()
    await context.route(parts, (route) => {
      const part = parts.exec(new URL(route.request().url()).pathname)?.[1] ?? ""
      if (failed.has(part)) return route.continue()
      failed.add(part)
      return route.abort("failed")
    })
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page
      .getByRole("region", { name: "Plan the day" })
      .getByRole("link", { name: /due today/ })
      .first()
      .waitFor()
    await page.keyboard.press("Control+k")
    const palette = page.getByRole("combobox", { name: "Search pages and records" })
    await expect.poll(() => palette.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press("Escape")
    await page.getByRole("button", { name: /User menu/ }).click()
    await page.getByRole("menuitem", { name: "Log out" }).waitFor()
    await page.keyboard.press("Escape")
    const nav = page.getByRole("navigation", { name: "Main" })
    await expect.poll(() => nav.locator("svg").count()).toBeGreaterThan(0)
    expect([...failed].sort()).toEqual(["DayPlanCard", "UserMenuPopup", "live-parts", "shell-icons"])
    await page.getByRole("heading", { name: "Dashboard" }).waitFor()
    // The failed downloads themselves are logged by the browser; nothing else may be.
    expect(errors.filter((e) => !e.includes("net::ERR_FAILED"))).toEqual([])
    await context.close()
  })

  it("shows a retry when the signed-in part of the app fails to load, and the sign-in page never loads it", async () => {
    const { context, page } = await newPage(browser)
    const sessionChunk = /session\.actors-.*\.js$/
    const requested: string[] = []
    page.on("request", (request) => {
      if (sessionChunk.test(request.url())) requested.push(request.url())
    })
    await page.goto(`${server.url}/login`)
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor()
    expect(requested).toEqual([])
    await page.route(sessionChunk, (route) => route.abort())
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    const alert = page.getByRole("alert")
    await alert.getByText("The app could not finish loading.", { exact: false }).waitFor()
    await page.unroute(sessionChunk)
    await alert.getByRole("button", { name: "Retry" }).click()
    await page.getByText(/Welcome back/).waitFor()
    await context.close()
  })

  it("loads the signed-out pages' machines only for them, and shows a retry when their chunk fails", async () => {
    const { context, page } = await newPage(browser)
    const flowsChunk = /\/sign-in-flows\.actors-.*\.js$/
    const requested: string[] = []
    page.on("request", (request) => {
      if (flowsChunk.test(request.url())) requested.push(request.url())
    })
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    // A signed-in reload shows the dashboard without them.
    requested.length = 0
    await page.reload()
    await page.getByText(/Welcome back/).waitFor()
    expect(requested).toEqual([])
    await context.close()
    // Signed out, a public account page whose machines cannot arrive says so, and its retry brings them.
    const out = await newPage(browser)
    await out.page.route(flowsChunk, (route) => route.abort())
    await out.page.goto(`${server.url}/forgot-password`)
    const alert = out.page.getByRole("alert")
    await alert.getByText("This page could not be loaded", { exact: false }).waitFor()
    await out.page.unroute(flowsChunk)
    await alert.getByRole("button", { name: "Retry" }).click()
    await out.page.getByRole("heading", { name: "Forgot your password?" }).waitFor()
    await out.context.close()
  })

  it("a sign-in while the app's services cannot load fails with 'Login failed'; the next one signs in", async () => {
    const { context, page } = await newPage(browser)
    // The runtime's chunk (src/effects/system/app-runtime.ts with Effect's core, vite.config.ts), which the
    // sign-in page fetches after its first paint.
    const runtimeChunk = /\/Effect-.*\.js$/
    await page.route(runtimeChunk, (route) => route.abort())
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.getByRole("alert").getByText("Login failed", { exact: true }).waitFor()
    await page.unroute(runtimeChunk)
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await page.waitForURL(`${server.url}/dashboard`)
    await page.getByText(/Welcome back/).waitFor()
    await context.close()
  })

  it("edits the profile's full name through PATCH and shows it in the user menu", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.admin.email, DEMO.admin.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.goto(`${server.url}/profile`)
    const name = page.getByLabel("Full name")
    await name.fill("Ada Q. Admin")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByRole("button", { name: /User menu for Ada Q\. Admin/ }).waitFor()
    await page.reload()
    await page.getByRole("button", { name: /User menu for Ada Q\. Admin/ }).waitFor()
    await context.close()
  })

  it("on a reload of /profile, starts the form from the profile even when the profile arrives late", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    // The page's chunk is here long before the profile: the form must not start empty and stay so.
    await page.route("**/api/company/user/", async (route) => {
      if (route.request().method() === "GET") await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    await page.goto(`${server.url}/profile`)
    const name = page.getByLabel("Full name")
    await name.waitFor()
    expect(await name.inputValue()).toBe("Corey Coordinator")
    expect(await page.getByLabel("Email address").inputValue()).toBe(DEMO.coordinator.email)
    await context.close()
  })

  it("keeps tokens out of the server's log output", () => {
    expect(server.output()).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)
    expect(server.output()).not.toMatch(/refresh_token=[^;\s]{20,}/)
  })
})
