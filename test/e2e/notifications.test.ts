import { spawn } from "node:child_process"
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

/** The notify CLI, through the running server, as an operator would use it. */
function notify(title: string, extra: string[] = []): Promise<void> {
  const message = "Sent by the e2e suite"
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/notify.ts",
        "--url",
        server.url,
        "--to",
        DEMO.coordinator.email,
        "--title",
        title,
        "--message",
        message,
        ...extra,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    )
    let out = ""
    child.stdout.on("data", (d: Buffer) => (out += d.toString()))
    child.stderr.on("data", (d: Buffer) => (out += d.toString()))
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`notify exited ${code}: ${out}`))))
  })
}

async function serverUnread(): Promise<number> {
  const login = await fetch(`${server.url}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO.coordinator),
  })
  const { access } = (await login.json()) as { access: string }
  const res = await fetch(`${server.url}/api/v1/notifications/unread-count/?channel=in_app`, {
    headers: { Authorization: `Bearer ${access}` },
  })
  return ((await res.json()) as { unread_count: number }).unread_count
}

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
const badgeCount = async (page: Page): Promise<number> => {
  const label = (await bell(page).getAttribute("aria-label")) ?? ""
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0)
}
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" })

async function signedIn(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser)
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await bell(page).waitFor()
  return { page, close: () => context.close() }
}

async function openPanel(page: Page) {
  if (!(await panel(page).isVisible())) await bell(page).click()
  await panel(page).getByRole("list", { name: "Notification list" }).waitFor()
}

describe("notifications in Chromium", () => {
  it("shows the server's unread count on the badge, '9+' above nine", async () => {
    const { page, close } = await signedIn()
    const expected = await serverUnread()
    await expect.poll(() => badgeCount(page)).toBe(expected)
    expect(await page.getByTestId("bell-badge").textContent()).toBe(expected > 9 ? "9+" : String(expected))
    // Enter opens, Escape closes and focus returns to the bell.
    await bell(page).focus()
    await page.keyboard.press("Enter")
    await panel(page).waitFor()
    await page.keyboard.press("Escape")
    await panel(page).waitFor({ state: "hidden" })
    expect(await bell(page).evaluate((el) => el === document.activeElement)).toBe(true)
    await close()
  })

  it("still toasts, and keeps the page, when the toasts' code failed to download the first time", async () => {
    const { context, page } = await newPage(browser)
    // The first download of sonner's chunk fails, as when the network drops or the server restarts at the
    // moment of the session's first toast; the ones after it arrive.
    let failed = 0
    await context.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      if (failed === 0 && body.includes("data-sonner-toaster")) {
        failed += 1
        return route.abort("failed")
      }
      return route.fulfill({ response, body })
    })
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await openPanel(page)
    await panel(page).getByText("Live", { exact: true }).waitFor()
    await notify("E2E toast after a failed download")
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "E2E toast after a failed download" })
      .waitFor()
    expect(failed).toBe(1)
    await expect.poll(() => bell(page).isVisible()).toBe(true)
    await context.close()
  })

  it("shows a notification sent with the CLI in the bell and as a toast, without a reload", async () => {
    const { page, close } = await signedIn()
    await openPanel(page)
    await panel(page).getByText("Live", { exact: true }).waitFor()
    const before = await badgeCount(page)
    await notify("E2E live item")
    await page.locator("[data-sonner-toast]").filter({ hasText: "E2E live item" }).waitFor()
    await panel(page)
      .getByRole("link", { name: /E2E live item/ })
      .waitFor()
    await expect.poll(() => badgeCount(page)).toBe(before + 1)
    await close()
  })

  it("pages the panel with Load More", async () => {
    const { page, close } = await signedIn()
    await openPanel(page)
    const rows = panel(page).getByRole("list", { name: "Notification list" }).getByRole("listitem")
    await expect.poll(() => rows.count()).toBe(20)
    await panel(page).getByRole("button", { name: "Load More" }).click()
    await expect.poll(() => rows.count()).toBe(40)
    await close()
  })

  it("opens a notification's page, reads it on open, and follows its app path", async () => {
    await notify("E2E detail item", ["--action-url", "/help"])
    const { page, close } = await signedIn()
    await expect.poll(() => badgeCount(page)).toBeGreaterThan(0)
    const before = await badgeCount(page)
    await openPanel(page)
    await panel(page)
      .getByRole("link", { name: /E2E detail item/ })
      .click()
    await page.getByRole("heading", { name: "E2E detail item" }).waitFor()
    expect(page.url()).toMatch(/\/notifications\/\d+$/)
    await expect.poll(() => badgeCount(page)).toBe(before - 1)
    await page.getByText("Read", { exact: true }).waitFor()
    await page.getByRole("button", { name: "Open" }).click()
    await page.waitForURL(`${server.url}/help`)
    await close()
  })

  it("filters the full list by read state and priority, and the bell is unfiltered again afterwards", async () => {
    const { page, close } = await signedIn()
    await page.goto(`${server.url}/notifications`)
    const list = page.getByRole("main").getByRole("list", { name: "Notification list" })
    await list.waitFor()
    await page.getByLabel("Read state").selectOption("true")
    await expect.poll(() => list.getByRole("listitem").count()).toBeGreaterThan(0)
    expect(await list.getByRole("button", { name: /^Mark ".*" as read$/ }).count()).toBe(0)
    await page.getByLabel("Read state").selectOption("false")
    await expect
      .poll(
        async () =>
          (await list.getByRole("listitem").count()) ===
          (await list.getByRole("button", { name: /^Mark ".*" as read$/ }).count()),
      )
      .toBe(true)
    await page.getByLabel("Priority").selectOption("urgent")
    await page.getByLabel("Read state").selectOption("")
    await expect.poll(() => list.getByRole("listitem").count()).toBeLessThan(20)
    await page.getByRole("link", { name: "Dashboard" }).first().click()
    await openPanel(page)
    await expect.poll(() => panel(page).getByRole("listitem").count()).toBe(20)
    await close()
  })

  it("marks one and then all read at once, and both survive a reload", async () => {
    const { page, close } = await signedIn()
    await openPanel(page)
    const before = await badgeCount(page)
    const markOne = panel(page)
      .getByRole("button", { name: /^Mark ".*" as read$/ })
      .first()
    await markOne.click()
    expect(await badgeCount(page)).toBe(before - 1)
    await expect.poll(() => serverUnread()).toBe(before - 1)
    await page.reload()
    await expect.poll(() => badgeCount(page)).toBe(before - 1)
    await openPanel(page)
    await panel(page).getByRole("button", { name: "Mark all as read" }).click()
    expect(await bell(page).getAttribute("aria-label")).toBe("Notifications")
    await expect.poll(() => serverUnread()).toBe(0)
    await page.reload()
    await page.getByRole("banner").getByRole("button", { name: "Notifications", exact: true }).waitFor()
    await close()
  })

  it("rolls a refused mark-read back through the refetch", async () => {
    await notify("E2E refused read")
    const { page, close } = await signedIn()
    await openPanel(page)
    const before = await badgeCount(page)
    expect(before).toBeGreaterThan(0)
    let refused = 0
    await page.route(/\/mark-read\/$/, (route) => {
      refused += 1
      return route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"nope"}' })
    })
    await panel(page).getByRole("button", { name: 'Mark "E2E refused read" as read' }).click()
    await expect.poll(() => refused).toBe(1)
    await expect.poll(() => badgeCount(page)).toBe(before)
    await panel(page).getByRole("button", { name: 'Mark "E2E refused read" as read' }).waitFor()
    await close()
  })

  it("reconnects after a server restart and shows what was sent meanwhile exactly once", async () => {
    const { page, close } = await signedIn()
    await openPanel(page)
    await panel(page).getByText("Live", { exact: true }).waitFor()
    // The page's socket stays refused until the notifications exist, so only the catch-up can bring them.
    let refused = true
    await page.routeWebSocket(/\/ws\/notifications\//, (ws) => {
      if (refused) ws.close()
      else ws.connectToServer()
    })
    await server.stop()
    await panel(page).getByText("Reconnecting…").waitFor()
    await server.restart()
    await notify("E2E while away 1")
    await notify("E2E while away 2")
    const list = panel(page).getByRole("list", { name: "Notification list" })
    expect(await list.getByRole("link", { name: /E2E while away/ }).count()).toBe(0)
    refused = false
    await panel(page).getByText("Live", { exact: true }).waitFor({ timeout: 45_000 })
    await list.getByRole("link", { name: /E2E while away 1/ }).waitFor()
    await list.getByRole("link", { name: /E2E while away 2/ }).waitFor()
    expect(await list.getByRole("link", { name: /E2E while away 1/ }).count()).toBe(1)
    expect(await list.getByRole("link", { name: /E2E while away 2/ }).count()).toBe(1)
    await expect.poll(() => badgeCount(page)).toBe(await serverUnread())
    await close()
  }, 120_000)
})
