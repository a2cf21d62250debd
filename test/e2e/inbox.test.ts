// The inbox in Chromium against the real server: the bell and /notifications keep their own lists (the page's
// filters live in its URL and survive reload, an empty filtered list says so and offers 'Clear filters'), the
// bell's All / Unread tabs, and mark unread and archive round-tripping to the server and to a second tab.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seriousViolations } from "./axe"
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

async function api<T>(path: string, method = "GET"): Promise<T> {
  const login = await fetch(`${server.url}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO.coordinator),
  })
  const { access } = (await login.json()) as { access: string }
  const res = await fetch(`${server.url}/api/v1/notifications/${path}`, {
    method,
    headers: { Authorization: `Bearer ${access}` },
  })
  return (await res.json()) as T
}
const serverUnread = async () => (await api<{ unread_count: number }>("unread-count/")).unread_count
const serverArchive = async () =>
  (await api<{ results: Array<{ id: number }> }>("?archived=true")).results.map((n) => n.id)

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
const badgeCount = async (page: Page): Promise<number> => {
  const label = (await bell(page).getAttribute("aria-label")) ?? ""
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0)
}
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" })
const pageList = (page: Page) => page.getByRole("main").getByRole("list", { name: "Notification list" })
const row = (scope: Page | Locator, id: number) => scope.locator(`li[data-id="${id}"]`)

async function signedIn(): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser)
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await bell(page).waitFor()
  return { context, page, close: () => context.close() }
}

async function openPanel(page: Page) {
  if (!(await panel(page).isVisible())) await bell(page).click()
  await panel(page).getByRole("list", { name: "Notification list" }).waitFor()
}

describe("the inbox in Chromium", () => {
  it("keeps the bell's list apart from the page's filters, and the bell's Unread tab its own", async () => {
    const { page, close } = await signedIn()
    await page.goto(`${server.url}/notifications`)
    await pageList(page).waitFor()
    await page.getByLabel("Priority").selectOption("urgent")
    await page.getByLabel("Read state").selectOption("false")
    await page.waitForURL(/is_read=false/)
    await expect.poll(() => pageList(page).getByRole("listitem").count()).toBeGreaterThan(0)
    const filtered = await pageList(page).getByRole("listitem").count()
    expect(await pageList(page).getByText("Urgent", { exact: true }).count()).toBe(filtered)

    await openPanel(page)
    const bellRows = panel(page).getByRole("list", { name: "Notification list" }).getByRole("listitem")
    await expect.poll(() => bellRows.count()).toBe(20)
    expect(await panel(page).getByText("You're all caught up!").count()).toBe(0)
    // Urgent and not: the page's filters did not reach it.
    expect(await panel(page).getByText("Urgent", { exact: true }).count()).toBeLessThan(20)
    // Its type and sender are shown on every row.
    expect(await panel(page).getByRole("img").count()).toBeGreaterThanOrEqual(20)

    // Each row's actions are reached with Tab from its link, and named for what they do to which row.
    await bellRows.first().getByRole("link").focus()
    await page.keyboard.press("Tab")
    const named = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "")
    expect(await named()).toMatch(/^Mark ".+" as (read|unread)$/)
    await page.keyboard.press("Tab")
    expect(await named()).toMatch(/^Archive ".+"$/)

    // A row read in the All tab is not in the Unread tab.
    const read = Number(await bellRows.first().getAttribute("data-id"))
    await row(panel(page), read)
      .getByRole("button", { name: /as read$/ })
      .click()
    await expect.poll(() => row(panel(page), read).getAttribute("data-unread")).toBe("false")
    await panel(page).getByRole("tab", { name: "Unread" }).click()
    await expect.poll(() => panel(page).getByText("Loading...").count()).toBe(0)
    expect(await bellRows.count()).toBeGreaterThan(0)
    expect(await panel(page).locator('li[data-unread="false"]').count()).toBe(0)
    expect(await row(panel(page), read).count()).toBe(0)
    expect(await panel(page).getByRole("tab", { name: "Unread" }).getAttribute("aria-selected")).toBe("true")
    // The page kept its own list all along.
    expect(await pageList(page).getByRole("listitem").count()).toBe(filtered)
    expect(await seriousViolations(page, "/notifications with the bell open")).toEqual([])
    await page.emulateMedia({ colorScheme: "dark" })
    expect(await seriousViolations(page, "/notifications with the bell open, dark")).toEqual([])
    await page.keyboard.press("Escape")
    await close()
  })

  it("keeps the page's filters in the URL across a reload, and says when they match nothing", async () => {
    const { page, close } = await signedIn()
    await page.goto(`${server.url}/notifications`)
    await pageList(page).waitFor()
    await page.getByLabel("Priority").selectOption("high")
    await page.waitForURL(/priority=high/)
    await page.reload()
    await pageList(page).waitFor()
    expect(await page.getByLabel("Priority").inputValue()).toBe("high")
    const rows = await pageList(page).getByRole("listitem").count()
    expect(rows).toBeGreaterThan(0)
    expect(await pageList(page).getByText("High", { exact: true }).count()).toBe(rows)

    // Nothing is archived yet: the archive with a filter is empty because of the filter, and says so.
    await page.getByRole("link", { name: "Archived" }).click()
    await page.waitForURL(/view=archived/)
    await page.getByText("No notifications match these filters.").waitFor()
    expect(await page.getByText("You're all caught up!").count()).toBe(0)
    await page.getByRole("button", { name: "Clear filters" }).click()
    await page.getByText("No archived notifications").waitFor()
    expect(new URL(page.url()).search).toBe("?view=archived")
    expect(await page.getByLabel("Priority").inputValue()).toBe("")
    await page.getByRole("link", { name: "Inbox" }).click()
    await page.waitForURL(`${server.url}/notifications`)
    await pageList(page).waitFor()
    await close()
  })

  it("marks unread and archives from one tab, and a second tab of the same user follows", async () => {
    const { context, page: a, close } = await signedIn()
    const b = await context.newPage()
    await a.goto(`${server.url}/notifications?is_read=true`)
    await b.goto(`${server.url}/notifications`)
    await pageList(a).getByRole("listitem").first().waitFor()
    await pageList(b).getByRole("listitem").first().waitFor()
    const id = Number(await pageList(a).getByRole("listitem").first().getAttribute("data-id"))
    const before = await serverUnread()
    await expect.poll(() => badgeCount(b)).toBe(before)
    expect(await row(pageList(b), id).getAttribute("data-unread")).toBe("false")

    // Mark unread: at once here, then on the server, then in the other tab (row and badge).
    const toggle = row(pageList(a), id).getByRole("button", { name: /as unread$/ })
    await toggle.focus()
    await a.keyboard.press("Enter")
    expect(await row(pageList(a), id).getAttribute("data-unread")).toBe("true")
    // The same button, now 'as read', keeps the keyboard's focus.
    expect(
      await row(pageList(a), id)
        .getByRole("button", { name: /as read$/ })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true)
    await expect.poll(() => serverUnread()).toBe(before + 1)
    await expect.poll(() => row(pageList(b), id).getAttribute("data-unread")).toBe("true")
    await expect.poll(() => badgeCount(b)).toBe(before + 1)

    // Archive: it leaves both inboxes, the count drops, and the archive holds it.
    await row(pageList(b), id)
      .getByRole("button", { name: /^Archive "/ })
      .click()
    await expect.poll(() => row(pageList(b), id).count()).toBe(0)
    await expect.poll(() => serverArchive()).toEqual([id])
    await expect.poll(() => row(pageList(a), id).count()).toBe(0)
    await expect.poll(() => badgeCount(a)).toBe(before)
    await b.getByRole("link", { name: "Archived" }).click()
    await row(pageList(b), id).waitFor()

    // Back to the inbox from the archive: the first tab's unread list takes it again.
    await a.getByLabel("Read state").selectOption("false")
    await pageList(a).getByRole("listitem").first().waitFor()
    await row(pageList(b), id)
      .getByRole("button", { name: /to the inbox$/ })
      .click()
    await expect.poll(() => serverArchive()).toEqual([])
    await expect.poll(() => row(pageList(a), id).count()).toBe(1)
    await expect.poll(() => badgeCount(a)).toBe(before + 1)
    await b.getByText("No archived notifications").waitFor()
    await close()
  }, 180_000)

  it("rolls a refused archive back through the refetch", async () => {
    const { page, close } = await signedIn()
    await page.goto(`${server.url}/notifications`)
    const first = pageList(page).getByRole("listitem").first()
    await first.waitFor()
    const id = Number(await first.getAttribute("data-id"))
    let refused = 0
    await page.route(/\/archive\/$/, (route) => {
      refused += 1
      return route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"nope"}' })
    })
    await row(pageList(page), id)
      .getByRole("button", { name: /^Archive "/ })
      .click()
    await expect.poll(() => refused).toBe(1)
    await row(pageList(page), id).waitFor()
    expect(await serverArchive()).toEqual([])
    await close()
  })
})
