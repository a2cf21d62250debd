// The full notification list paged out past the windowing threshold: only rows near the viewport are in the
// DOM, every row is still reachable by scrolling and by Tab, and the focused row survives scrolling away.
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WINDOW_FROM_ROWS } from "../../src/views/notifications/list-window"
import { seriousViolations } from "./axe"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

// The seed gives the coordinator 60 notifications; these make the list long enough to be windowed.
const EXTRA = WINDOW_FROM_ROWS + 40
const TOTAL = 60 + EXTRA

let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  server = await startServerProcess()
  browser = await launchBrowser()
  const login = await fetch(`${server.url}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "admin-demo-1" }),
  })
  const { access } = (await login.json()) as { access: string }
  for (let n = 1; n <= EXTRA; n++) {
    const res = await fetch(`${server.url}/api/v1/notifications/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${access}` },
      body: JSON.stringify({
        recipient_email: DEMO.coordinator.email,
        title: `Long list ${n}`,
        message: "Row",
      }),
    })
    if (!res.ok) throw new Error(`admin send failed: ${res.status} ${await res.text()}`)
  }
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe("the long notification list", () => {
  it("renders only rows near the viewport, reaches the last by scrolling and keeps the focused row", async () => {
    const { context, page } = await newPage(browser)
    try {
      await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
      await page.waitForURL(`${server.url}/dashboard`)
      await page.goto(`${server.url}/notifications`)
      const main = page.getByRole("main")
      const list = main.getByRole("list", { name: "Notification list" })
      const rows = list.getByRole("listitem")
      const more = main.getByRole("button", { name: "Load More" })
      const setSize = () => rows.first().getAttribute("aria-setsize")
      await rows.first().waitFor()
      while (await more.isVisible()) {
        const before = Number(await setSize())
        await more.click()
        await expect.poll(async () => Number(await setSize())).toBeGreaterThan(before)
      }
      expect(await setSize()).toBe(String(TOTAL))
      await page.evaluate(() => window.scrollTo(0, 0))
      await expect.poll(() => rows.count()).toBeLessThan(TOTAL)
      expect(await rows.count()).toBeGreaterThan(0)

      // Focus the first row's link, then scroll to the end: the last row appears, the focused row stays.
      const firstLink = list.locator('li[aria-posinset="1"] a')
      await firstLink.focus()
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await list.locator(`li[aria-posinset="${TOTAL}"]`).waitFor()
      const focusedRow = () =>
        page.evaluate(() => document.activeElement?.closest("li")?.getAttribute("aria-posinset") ?? null)
      expect(await focusedRow()).toBe("1")
      expect(await rows.count()).toBeLessThan(TOTAL)
      // The kept row, the spacer between it and the window and the padding are no accessibility violation.
      // With more than nine unread the bell shows '9+' (a badge beside its button, not inside its name).
      expect(await seriousViolations(page, "windowed notification list")).toEqual([])

      // Back at the top, Tab walks the rows in order past the first screenful without losing focus.
      await page.evaluate(() => window.scrollTo(0, 0))
      await firstLink.focus()
      let last = 1
      for (let step = 0; step < 70; step++) {
        await page.keyboard.press("Tab")
        const at = Number(await focusedRow())
        expect(at).toBeGreaterThanOrEqual(last)
        last = at
      }
      // Every row has its link and two actions (read or unread, archive): 70 Tabs pass at least 20 rows.
      expect(last).toBeGreaterThan(20)
    } finally {
      await context.close()
    }
  })
})
