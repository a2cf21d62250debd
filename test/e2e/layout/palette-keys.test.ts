import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// The command palette keeps up with the keyboard: ArrowDown and Enter typed fast, before and right after the
// records appear, open the option highlighted on screen; they never do nothing.

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

describe("the command palette typed fast", () => {
  it("an arrow pressed while records are searched still leaves one to open with Enter", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.getByRole("button", { name: "Search pages and records" }).waitFor()
    await page.keyboard.press("Control+k")
    const field = page.getByRole("combobox", { name: "Search pages and records" })
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)
    // No page is called "boiler": nothing is listed until the records come, and the arrow comes first.
    await page.keyboard.type("boiler")
    await page.keyboard.press("ArrowDown")
    const first = page.getByRole("option").first()
    await first.waitFor()
    await page.keyboard.press("Enter")
    await page.waitForURL((url) => url.pathname !== "/dashboard")
    expect(await field.count()).toBe(0)
    await context.close()
  })

  it("ArrowDown and Enter typed straight after the text open an option", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.getByRole("button", { name: "Search pages and records" }).waitFor()
    await page.keyboard.press("Control+k")
    const field = page.getByRole("combobox", { name: "Search pages and records" })
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)
    // "requests" names pages at once; the records' search is still to come when the keys are pressed.
    await page.keyboard.type("requests")
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Enter")
    await page.waitForURL((url) => url.pathname !== "/dashboard")
    expect(await field.count()).toBe(0)
    await context.close()
  })
})
