// Browser push in Chromium, with the fake PushMessaging of a VITE_PUSH_FAKE=1 build (push-fake-build.ts)
// against the real server: the initialisation order ends in a registered device, a foreground message
// becomes the push toast, View marks it read and navigates, the socket's toast is never repeated by push,
// a blocked permission shows its error toast, logout unregisters, and /settings edits the preferences.
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { restRunning } from "./app-routes"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { buildPushFake, PUSH_FAKE_DIST } from "./push-fake-build"
import { type ServerProcess, startServerProcess } from "./server-process"

let server: ServerProcess
let browser: Browser

// The build runs here, once per run of this file: allow for a machine busy with the other suites.
const BUILD_AND_START_MS = 300_000

beforeAll(async () => {
  buildPushFake()
  server = await startServerProcess({ STATIC_DIR: PUSH_FAKE_DIST })
  browser = await launchBrowser()
}, BUILD_AND_START_MS)
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

interface FakePreset {
  permission?: "default" | "granted" | "denied"
  answer?: "default" | "granted" | "denied"
}

async function tokenOf(who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${server.url}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(who),
  })
  return ((await res.json()) as { access: string }).access
}

/** Sends a notification through the admin API, as the marketplace would; returns its id. */
async function sendToCoordinator(title: string, actionUrl?: string): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/notifications/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${await tokenOf(DEMO.admin)}` },
    body: JSON.stringify({
      recipient_email: DEMO.coordinator.email,
      title,
      message: `${title}: body`,
      ...(actionUrl ? { action_url: actionUrl } : {}),
    }),
  })
  expect(res.status).toBe(201)
  const [id] = ((await res.json()) as { ids: number[] }).ids
  if (id === undefined) throw new Error("no notification created")
  return id
}

async function isRead(id: number): Promise<boolean> {
  const res = await fetch(`${server.url}/api/v1/notifications/${id}/`, {
    headers: { Authorization: `Bearer ${await tokenOf(DEMO.coordinator)}` },
  })
  return ((await res.json()) as { is_read: boolean }).is_read
}

async function signedIn(
  preset: FakePreset,
  options: { blockSocket?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; registrations: string[]; logouts: string[] }> {
  const { context, page } = await newPage(browser)
  await context.addInitScript((p) => {
    window.__pushFake = p
  }, preset)
  // A network that refuses the notification socket: the tab is not live, so push is its only news.
  if (options.blockSocket)
    await context.routeWebSocket(/\/ws\/notifications\//, (ws) =>
      ws.close({ code: 4000, reason: "blocked by the test" }),
    )
  const registrations: string[] = []
  const logouts: string[] = []
  page.on("request", (req) => {
    if (req.url().includes("/device-tokens/register/")) registrations.push(req.postData() ?? "")
    if (req.url().includes("/api/company/logout/")) logouts.push(req.url())
  })
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  // Push starts with the rest of the session, once the page has shown; a blocked socket never goes live.
  await restRunning(page, { live: !options.blockSocket })
  return { context, page, registrations, logouts }
}

const fakeCalls = (page: Page) => page.evaluate(() => window.__pushFake?.calls ?? [])

const deliver = (page: Page, payload: unknown) =>
  page.evaluate((p) => {
    const deliver = window.__pushFake?.deliver
    if (!deliver) throw new Error("the push fake has not started")
    return deliver(p)
  }, payload)

const toasts = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text })

describe("browser push in Chromium (fake PushMessaging)", () => {
  it("registers the device in order, and a foreground message shows the push toast; View reads and navigates", async () => {
    const { context, page, registrations } = await signedIn(
      { permission: "default", answer: "granted" },
      {
        blockSocket: true,
      },
    )
    await expect.poll(() => fakeCalls(page)).toEqual(["requestPermission", "token", "onForeground"])
    const deviceId = await page.evaluate(() => localStorage.getItem("deviceId"))
    expect(deviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(registrations.map((r) => JSON.parse(r))).toEqual([
      { fcm_token: "fake-push-token", device_type: "web", device_id: deviceId },
    ])

    const id = await sendToCoordinator("Push toast item", "/settings")
    expect(
      await deliver(page, {
        data: {
          notification_id: String(id),
          action_url: "/settings",
          title: "Push toast item",
          body: "Seen by push",
        },
      }),
    ).toBe(true)
    const toast = toasts(page, "Push toast item")
    await toast.waitFor()
    await toast.getByText("Seen by push").waitFor()
    expect(await isRead(id)).toBe(false)
    await toast.getByRole("button", { name: "View" }).click()
    await page.waitForURL(`${server.url}/settings`)
    await toast.waitFor({ state: "detached" })
    await expect.poll(() => isRead(id)).toBe(true)

    // A hostile action URL is not followed: the toast still reads the notification, the page stays.
    const other = await sendToCoordinator("Hostile link item")
    await deliver(page, {
      data: { notification_id: String(other), action_url: "//evil.example/x", title: "Hostile link item" },
    })
    await toasts(page, "Hostile link item").getByRole("button", { name: "View" }).click()
    await expect.poll(() => isRead(other)).toBe(true)
    expect(page.url()).toBe(`${server.url}/settings`)
    await context.close()
  })

  it("does not toast again what the socket already toasted", async () => {
    const { context, page } = await signedIn({ permission: "granted", answer: "granted" })
    await expect.poll(() => fakeCalls(page)).toContain("onForeground")
    const id = await sendToCoordinator("Socket first item")
    await toasts(page, "Socket first item").waitFor()
    await deliver(page, { data: { notification_id: String(id), title: "Socket first item", body: "again" } })
    // A later message without an id always toasts: once it shows, the duplicate above has been decided.
    await deliver(page, { data: { title: "Sentinel message", body: "after the duplicate" } })
    await toasts(page, "Sentinel message").waitFor()
    expect(await toasts(page, "Socket first item").count()).toBe(1)
    expect(await toasts(page, "Socket first item").getByRole("button", { name: "View" }).count()).toBe(0)
    await context.close()
  })

  it("shows the blocked error toast when permission is denied, and registers nothing", async () => {
    const { context, page, registrations } = await signedIn({ permission: "denied", answer: "denied" })
    await toasts(page, "Notifications are blocked. Enable in browser settings.").waitFor()
    expect(await fakeCalls(page)).toEqual(["requestPermission"])
    expect(registrations).toEqual([])
    await page.goto(`${server.url}/settings`)
    await page.getByText(/Permission: Blocked/).waitFor()
    await context.close()
  })

  it("unregisters on logout: the browser's token is deleted and the logout names the device", async () => {
    const { context, page, logouts } = await signedIn({ permission: "granted" })
    await expect.poll(() => fakeCalls(page)).toContain("onForeground")
    const deviceId = await page.evaluate(() => localStorage.getItem("deviceId"))
    await page.getByRole("button", { name: /User menu/ }).click()
    await page.getByRole("menuitem", { name: "Log out" }).click()
    await page
      .getByRole("dialog", { name: "Confirm Logout" })
      .getByRole("button", { name: "Log out" })
      .click()
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor()
    await expect.poll(() => fakeCalls(page)).toContain("deleteToken")
    expect(logouts).toEqual([`${server.url}/api/company/logout/?device_id=${deviceId}`])
    await context.close()
  })

  it("edits the notification preferences on /settings with the keyboard, and they persist", async () => {
    const { context, page } = await signedIn({ permission: "granted" })
    await page.goto(`${server.url}/settings`)
    await page.getByRole("heading", { name: "Notification preferences" }).waitFor()
    await page.getByText(/Permission: Allowed/).waitFor()
    const securityPush = page.getByRole("checkbox", { name: "Security: push" })
    const before = await securityPush.isChecked()
    await securityPush.focus()
    await page.keyboard.press("Space")
    expect(await securityPush.isChecked()).toBe(!before)
    await page.getByRole("button", { name: "Save preferences" }).click()
    await page.getByText("Preferences saved.").waitFor()
    await page.reload()
    await page.getByRole("heading", { name: "Notification preferences" }).waitFor()
    expect(await page.getByRole("checkbox", { name: "Security: push" }).isChecked()).toBe(!before)
    // Every switch has a label a screen reader reads, and axe finds nothing serious on the page.
    expect(await page.getByRole("checkbox").count()).toBe(16)
    const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")
    // Evaluated through the DevTools protocol, which the page's CSP does not govern.
    await page.evaluate(axeSource)
    const violations = await page.evaluate(async () => {
      if (!window.axe) throw new Error("axe-core is not in the page")
      const result = await window.axe.run(document.querySelector("main") ?? document)
      return (result.violations as { id: string; impact: string }[])
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => v.id)
    })
    expect(violations).toEqual([])
    await context.close()
  })
})
