// A keyboard-only walk through the main journey: sign in, open the bell, mark a notification read, approve a
// pending work request through its confirmation dialog, and log out. Only Tab, Shift+Tab, Enter, Space,
// Escape and typed characters: no click anywhere, so every step must be reachable and operable by keyboard.
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage } from "./browser"
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

interface Focused {
  readonly tag: string
  readonly name: string
  readonly expanded: string | null
  readonly inTable: boolean
}

/** What has focus, named roughly as assistive technology would name it. */
const focused = (page: Page): Promise<Focused | null> =>
  page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return null
    const labelledBy = el.getAttribute("aria-labelledby")
    const label =
      el.getAttribute("aria-label") ?? (labelledBy && document.getElementById(labelledBy)?.textContent)
    const byLabel = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null
    // Content minus what is hidden from assistive technology (icons, the avatar's initials).
    const copy = el.cloneNode(true) as Element
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
    const content = copy.textContent ?? ""
    return {
      tag: el.tagName.toLowerCase(),
      name: (label ?? byLabel ?? content).replace(/\s+/g, " ").trim(),
      expanded: el.getAttribute("aria-expanded"),
      inTable: el.closest("table") !== null,
    }
  })

/** Presses Tab until the focused element fits, or fails naming what the Tab order went through. */
async function tabTo(page: Page, fits: (f: Focused) => boolean, what: string, max = 80): Promise<Focused> {
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab")
    const now = await focused(page)
    if (now && fits(now)) return now
    seen.push(now ? `${now.tag} "${now.name}"` : "(nothing)")
  }
  throw new Error(`Tab never reached ${what}; it went through: ${seen.join(", ")}`)
}
const named = (name: string | RegExp) => (f: Focused) =>
  typeof name === "string" ? f.name === name : name.test(f.name)

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
const badgeCount = async (page: Page): Promise<number> => {
  const label = (await bell(page).getAttribute("aria-label")) ?? ""
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0)
}

describe("keyboard only", () => {
  it("signs in, reads a notification from the bell, approves a request and logs out without a click", async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${server.url}/login`)
    await page.getByLabel("Email").waitFor()

    // Sign in.
    await tabTo(page, (f) => f.tag === "input" && /Email/.test(f.name), "the Email field")
    await page.keyboard.type(DEMO.coordinator.email)
    await tabTo(page, (f) => f.tag === "input" && /Password/.test(f.name), "the Password field")
    await page.keyboard.type(DEMO.coordinator.password)
    await page.keyboard.press("Enter")
    await page.waitForURL(`${server.url}/dashboard`)
    await page.getByText(/Welcome back, /).waitFor()

    // The bell: open it, mark the first unread notification read with Space, close it with Escape.
    await expect.poll(() => badgeCount(page)).toBeGreaterThan(0)
    const before = await badgeCount(page)
    await tabTo(page, (f) => f.tag === "button" && /^Notifications/.test(f.name), "the bell")
    await page.keyboard.press("Enter")
    const panel = page.getByRole("dialog", { name: "Notifications" })
    await panel.getByRole("list", { name: "Notification list" }).getByRole("listitem").first().waitFor()
    const markRead = await tabTo(page, named(/^Mark ".*" as read$/), "a mark-read button in the panel")
    // Titles repeat in the demo data: one button of that name fewer shows that this one was read.
    const alike = () => panel.getByRole("button", { name: markRead.name, exact: true }).count()
    const alikeBefore = await alike()
    await page.keyboard.press("Space")
    await expect.poll(() => badgeCount(page)).toBe(before - 1)
    await expect.poll(alike).toBe(alikeBefore - 1)
    // Then all of them, from the panel's header: Shift+Tab back to it, since it comes before the list.
    for (let i = 0; i < 80; i++) {
      if ((await focused(page))?.name === "Mark all as read") break
      await page.keyboard.press("Shift+Tab")
    }
    expect((await focused(page))?.name).toBe("Mark all as read")
    await page.keyboard.press("Enter")
    await expect.poll(() => badgeCount(page)).toBe(0)
    expect(await panel.evaluate((p) => p.contains(document.activeElement))).toBe(true)
    await page.keyboard.press("Escape")
    await panel.waitFor({ state: "hidden" })
    expect((await focused(page))?.name).toMatch(/^Notifications/)

    // A review: through the sidebar to the pending work requests, into the first, approve and confirm.
    const requests = await tabTo(page, named(/^Requests/), "the Requests group")
    if (requests.expanded === "false") await page.keyboard.press("Enter")
    const work = await tabTo(page, named(/^Work Requests/), "the Work Requests group")
    if (work.expanded === "false") await page.keyboard.press("Enter")
    await tabTo(page, named("Pending work requests"), "the pending work requests link")
    await page.keyboard.press("Enter")
    await page.waitForURL(/\/website-coordinator\/pending-requests/)
    const table = page.getByRole("table")
    await table.getByRole("link").first().waitFor()
    const title = await tabTo(page, (f) => f.tag === "a" && f.inTable, "a request in the table")
    await page.keyboard.press("Enter")
    await page.waitForURL(/\/work-request-details\//)
    const uuid = new URL(page.url()).pathname.split("/").at(-1) ?? ""
    await page.getByRole("heading", { name: title.name }).first().waitFor()
    await tabTo(page, named("Approve"), "the Approve button")
    await page.keyboard.press("Enter")
    const confirm = page.getByRole("dialog", { name: "Approve this work request?" })
    await confirm.waitFor()
    // The modal keeps focus inside: Tab reaches its own confirm button.
    await tabTo(page, named("Approve"), "the dialog's Approve button", 5)
    expect(await confirm.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    await page.keyboard.press("Enter")
    await confirm.waitFor({ state: "hidden" })
    await page.getByRole("button", { name: "Approve" }).waitFor({ state: "detached" })
    // Focus stays on the page rather than falling to the body with the removed buttons.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main")

    // Log out through the user menu and its confirmation.
    await tabTo(page, named(/^User menu for /), "the user menu")
    await page.keyboard.press("Enter")
    await page.getByRole("menu", { name: "User menu" }).waitFor()
    await tabTo(page, named("Log out"), "the menu's Log out item", 5)
    await page.keyboard.press("Enter")
    const logout = page.getByRole("dialog", { name: "Confirm Logout" })
    await logout.waitFor()
    await tabTo(page, named("Log out"), "the dialog's Log out button", 5)
    await page.keyboard.press("Enter")
    await page.waitForURL(/\/login/)

    // What the keyboard did reached the server: the request is approved, and the session is over.
    const login = await fetch(`${server.url}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DEMO.coordinator),
    })
    const { access } = (await login.json()) as { access: string }
    const detail = await fetch(`${server.url}/api/v1/work-requests/${uuid}/`, {
      headers: { authorization: `Bearer ${access}` },
    })
    expect(((await detail.json()) as { status: string }).status).toBe("approved")
    await page.goto(`${server.url}/dashboard`)
    await page.waitForURL(/\/login\?next=/)
    await context.close()
  }, 180_000)
})
