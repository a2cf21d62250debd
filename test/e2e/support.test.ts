import { Schema } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { replayTrace } from "../../scripts/trace-replay"
import { Trace } from "../../src/schema/support/trace"
import { stateText } from "../../src/views/support/state-text"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"
import { exportTrace, openSupportPanel, panelState, sendNotification, supportPanel } from "./support-helpers"

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

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)

async function signedIn(page: Page, account: { email: string; password: string }) {
  await signIn(page, server.url, account.email, account.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await bell(page).waitFor()
}

/**
 * Every keypress before this one has been handled once the palette's search has focus (events are handled in
 * order); Escape closes the palette again.
 */
async function keysHandled(page: Page) {
  await page.getByRole("complementary", { name: "Sidebar" }).waitFor()
  await page.keyboard.press("Control+k")
  const search = page.getByRole("combobox", { name: "Search pages and records" })
  await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true)
  await page.keyboard.press("Escape")
}

describe("support panel in Chromium", () => {
  it("opens with Ctrl+Shift+S for the admin, shows auth and socket, and updates when a notification arrives", async () => {
    const { context, page } = await newPage(browser)
    await signedIn(page, DEMO.admin)
    await openSupportPanel(page)
    await panelState(page, "auth")
      .filter({ hasText: exact("AUTHENTICATED.ready") })
      .waitFor()
    await panelState(page, "socket")
      .filter({ hasText: exact("connection.open") })
      .waitFor()
    const actors = supportPanel(page).getByRole("table", { name: "Actors" })
    for (const id of ["app", "auth", "refresh", "socket", "notifications", "support"])
      await actors.getByRole("rowheader", { name: id, exact: true }).waitFor()

    const log = supportPanel(page).getByRole("table", { name: "Last 500 events" })
    const title = `Support live ${Date.now()}`
    expect(await log.getByRole("row").filter({ hasText: title }).count()).toBe(0)
    await sendNotification(server.url, DEMO.admin.email, title)
    const arrival = log.getByRole("row").filter({ hasText: "notifications.live" }).filter({ hasText: title })
    await arrival.waitFor()
    expect(await arrival.getByRole("cell").nth(2).textContent()).toBe("notifications")
    await log
      .getByRole("row")
      .filter({ hasText: "socket.message" })
      .filter({ hasText: title })
      .first()
      .waitFor()

    // The filter keeps only the chosen actor's events.
    await supportPanel(page).getByLabel("Filter by actor").selectOption({ label: "refresh" })
    await expect.poll(() => log.getByRole("row").filter({ hasText: "notifications.live" }).count()).toBe(0)
    const rows = await log.locator("tbody tr").allTextContents()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.includes("refresh"))).toBe(true)

    // Closed with the same shortcut, opened again from the user menu.
    await page.keyboard.press("Control+Shift+S")
    await supportPanel(page).waitFor({ state: "hidden" })
    await page.getByRole("button", { name: /User menu/ }).click()
    await page.getByRole("menuitem", { name: "Support panel" }).click()
    await supportPanel(page).waitFor()
    await context.close()
  })

  it("shows the bus messages of a live notification with the actors they reached, and a page's actor", async () => {
    const { context, page } = await newPage(browser)
    await signedIn(page, DEMO.admin)
    // A list page runs its machine as a child of the session: the panel lists it like every other actor.
    await page.goto(`${server.url}/website-coordinator/pending-requests`)
    await page.getByRole("heading", { level: 1 }).waitFor()
    await openSupportPanel(page)
    const actors = supportPanel(page).getByRole("table", { name: "Actors" })
    await actors.getByRole("rowheader", { name: /^page\.pagedList\.\d+$/ }).waitFor()
    await actors.getByRole("rowheader", { name: "bus", exact: true }).waitFor()

    const title = `Bus live ${Date.now()}`
    await sendNotification(server.url, DEMO.admin.email, title)
    const bus = supportPanel(page).getByRole("table", { name: "Bus messages" })
    /** The newest bus message of a fact whose payload (or, with no text, any payload) matches. */
    const message = (fact: string, text?: string) => {
      const rows = bus.locator(`tbody tr[data-fact="${fact}"]`)
      return (text ? rows.filter({ hasText: text }) : rows).first()
    }
    // The frame the socket heard, delivered to the notifications actor as a live item...
    const frame = message("socket.received", title)
    await frame.waitFor()
    await expect.poll(() => frame.getByRole("cell").nth(1).textContent()).toBe("socket")
    expect(await frame.getByRole("cell").nth(4).textContent()).toBe("notifications (notifications.live)")
    // ...which the notifications actor published as new to the user (for any open notifications page) ...
    const arrived = message("notification.arrived", title)
    await arrived.waitFor()
    expect(await arrived.getByRole("cell").nth(1).textContent()).toBe("notifications")
    // Two commands to the session: one for any open notifications page, one for an open /user-settings page.
    expect(await arrived.getByRole("cell").nth(4).textContent()).toBe(
      "session (session.toPages), session (session.toPages)",
    )
    // ...with the new unread count, which reached the dashboard's summary.
    const unread = message("notifications.unreadChanged")
    await unread.waitFor()
    expect(await unread.getByRole("cell").nth(1).textContent()).toBe("notifications")
    expect(await unread.getByRole("cell").nth(4).textContent()).toBe("dashboard (dashboard.unread)")
    // In that order: newest first, so the count is above the arrival, which is above the frame.
    const order = await bus
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((r) => `${r.getAttribute("data-fact")} ${r.textContent ?? ""}`))
    const at = (fact: string, text = "") =>
      order.findIndex((r) => r.startsWith(`${fact} `) && r.includes(text))
    expect(at("notifications.unreadChanged")).toBeLessThan(at("notification.arrived", title))
    expect(at("notification.arrived", title)).toBeLessThan(at("socket.received", title))
    await context.close()
  })

  it("does not open for a coordinator without ?support, and does with it", async () => {
    const { context, page } = await newPage(browser)
    await signedIn(page, DEMO.coordinator)
    await page.keyboard.press("Control+Shift+S")
    await keysHandled(page)
    expect(await supportPanel(page).count()).toBe(0)
    await page.getByRole("button", { name: /User menu/ }).click()
    await page.getByRole("menuitem", { name: "Log out" }).waitFor()
    expect(await page.getByRole("menuitem", { name: "Support panel" }).count()).toBe(0)
    await page.keyboard.press("Escape")

    await page.goto(`${server.url}/dashboard?support`)
    await bell(page).waitFor()
    await openSupportPanel(page)
    await panelState(page, "auth")
      .filter({ hasText: exact("AUTHENTICATED.ready") })
      .waitFor()
    await context.close()
  })

  it("opens and exports with the network gone, once an admin has signed in", async () => {
    const { context, page } = await newPage(browser)
    const panelChunk = page.waitForResponse((r) => /\/assets\/SupportPanel-[\w-]+\.js$/.test(r.url()))
    await signedIn(page, DEMO.admin)
    await panelChunk
    await context.setOffline(true)
    await openSupportPanel(page)
    await panelState(page, "auth")
      .filter({ hasText: exact("AUTHENTICATED.ready") })
      .waitFor()
    const trace = Schema.decodeUnknownSync(Trace)(JSON.parse(await exportTrace(page)))
    expect(trace.userCategory).toBe("admin")
    await context.close()
  })

  it("exports a trace that replays in Node to the same states, and holds no token, cookie or password", async () => {
    const { context, page } = await newPage(browser)
    const accessTokens: string[] = []
    const cookies: string[] = []
    page.on("response", async (response) => {
      const url = response.url()
      if (!/\/api\/company\/(login|token\/refresh)\/$/.test(url) || !response.ok()) return
      const setCookie = (await response.headerValue("set-cookie")) ?? ""
      const cookie = /refresh_token=([^;]+)/.exec(setCookie)?.[1]
      if (cookie) cookies.push(cookie)
      const body = (await response.json().catch(() => null)) as { access?: unknown } | null
      if (typeof body?.access === "string") accessTokens.push(body.access)
    })
    await signedIn(page, DEMO.admin)
    const title = `Support export ${Date.now()}`
    await bell(page).click()
    const panel = page.getByRole("dialog", { name: "Notifications" })
    await panel.getByText("Live", { exact: true }).waitFor()
    await sendNotification(server.url, DEMO.admin.email, title)
    const mark = panel.getByRole("button", { name: `Mark "${title}" as read` })
    await mark.click()
    await mark.waitFor({ state: "detached" })

    await openSupportPanel(page)
    await panelState(page, "socket")
      .filter({ hasText: exact("connection.open") })
      .waitFor()
    const shown = new Map<string, string>()
    for (const id of ["auth", "socket", "notifications", "refresh"])
      shown.set(id, (await panelState(page, id).textContent()) ?? "")
    const text = await exportTrace(page)
    for (const c of await context.cookies()) if (c.name === "refresh_token") cookies.push(c.value)

    // Secrets: the actual values this session used, and any push token field.
    expect(accessTokens.length).toBeGreaterThan(0)
    expect(cookies.length).toBeGreaterThan(0)
    for (const secret of [...accessTokens, ...cookies, DEMO.admin.password])
      expect(text).not.toContain(secret)
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
    const pushTokens: unknown[] = []
    JSON.parse(text, (key, value: unknown) => {
      if (/^(fcm|push)_?token$/i.test(key)) pushTokens.push(value)
      return value
    })
    expect(pushTokens.every((v) => v === null || v === "[redacted]")).toBe(true)

    // Replay in Node: no divergence, and every machine ends where the panel showed it.
    const trace = Schema.decodeUnknownSync(Trace)(JSON.parse(text))
    expect(trace.userCategory).toBe("admin")
    expect(trace.events.some((e) => e.type === "auth.login")).toBe(true)
    const result = replayTrace(trace)
    expect(result.machines.filter((m) => m.divergence).map((m) => m.label)).toEqual([])
    for (const [id, state] of shown) {
      const replayed = result.machines.find((m) => m.label === id)
      expect(stateText(replayed?.steps.at(-1)?.actual)).toBe(state)
    }
    await context.close()
  })
})
