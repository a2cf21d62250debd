// Closing any dialog, Escape included, gives focus back to what opened it: a keyboard user carries on where
// they were. Also the mobile sidebar (Escape closes it), the bell's panel, the support panel, and the sign-in
// page, which starts with the focus in its email field.
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { firstRecord, settled } from "./app-routes"
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

/** The focused element, named by its aria-label or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return "(body)"
    return (el.getAttribute("aria-label") ?? el.textContent ?? "").trim()
  })

async function signedIn(width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { width, height: 800 })
  await signIn(page, server.url, DEMO.admin.email, DEMO.admin.password)
  await page.waitForURL(`${server.url}/dashboard`)
  return { page, close: () => context.close() }
}

/** Clicks the opener, waits for the dialog, presses Escape and returns what has the focus then. */
async function escapeFrom(page: Page, opener: () => Promise<void>, dialog: string): Promise<string> {
  await opener()
  const shown = page.getByRole("dialog", { name: dialog })
  await shown.waitFor()
  await page.keyboard.press("Escape")
  await shown.waitFor({ state: "hidden" })
  return focusedName(page)
}

describe("focus after a dialog closes", () => {
  it("returns to the user menu after Escape on 'Confirm Logout' (its menu item has gone)", async () => {
    const { page, close } = await signedIn()
    const menu = page.getByRole("button", { name: /^User menu for / })
    const focus = await escapeFrom(
      page,
      async () => {
        await menu.click()
        await page.getByRole("menuitem", { name: "Log out" }).click()
      },
      "Confirm Logout",
    )
    expect(focus).toMatch(/User menu for/)
    await close()
  })

  it("returns to Approve and Reject on a request's page", async () => {
    const uuid = await firstRecord(server.url, "/api/v1/work-requests/?status=pending")
    const { page, close } = await signedIn()
    await page.goto(`${server.url}/work-request-details/${uuid}`)
    await settled(page)
    const approve = page.getByRole("button", { name: "Approve", exact: true })
    const reject = page.getByRole("button", { name: "Reject", exact: true })
    expect(await escapeFrom(page, () => approve.click(), "Approve this work request?")).toBe("Approve")
    expect(await escapeFrom(page, () => reject.click(), "Reject this work request")).toBe("Reject")
    await close()
  })

  it("returns to the bulk buttons of a pending list", async () => {
    const { page, close } = await signedIn()
    await page.goto(`${server.url}/website-coordinator/maintenance/pending`)
    await settled(page)
    await page
      .getByRole("table")
      .getByRole("checkbox", { name: /^Select (?!all)/ })
      .first()
      .check()
    const approve = page.getByRole("button", { name: "Approve selected" })
    const reject = page.getByRole("button", { name: "Reject selected" })
    expect(await escapeFrom(page, () => approve.click(), "Approve 1 maintenance request?")).toBe(
      "Approve selected",
    )
    expect(await escapeFrom(page, () => reject.click(), "Reject 1 maintenance request")).toBe(
      "Reject selected",
    )
    await close()
  })

  it("returns to 'Choose 1 provider' when choosing is not confirmed", async () => {
    const uuid = await firstRecord(
      server.url,
      "/api/v1/work-requests/?status=approved&page_size=100",
      (r) => r.selected_providers?.length === 0,
    )
    const { page, close } = await signedIn()
    await page.goto(`${server.url}/work-requests/${uuid}/select-providers`)
    await settled(page)
    await page
      .getByRole("checkbox", { name: /^Choose / })
      .first()
      .check()
    const choose = page.getByRole("button", { name: "Choose 1 provider" })
    expect(await escapeFrom(page, () => choose.click(), "Choose these providers?")).toBe("Choose 1 provider")
    await close()
  })

  it("asks before leaving /settings with unsaved changes, and returns to the link on Escape", async () => {
    const { page, close } = await signedIn()
    await page.goto(`${server.url}/settings`)
    await page.getByRole("button", { name: "Save preferences" }).waitFor()
    await page.getByRole("checkbox").first().click()
    const help = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Help" })
    expect(await escapeFrom(page, () => help.click(), "Leave without saving?")).toBe("Help")
    expect(new URL(page.url()).pathname).toBe("/settings")
    await help.click()
    await page
      .getByRole("dialog", { name: "Leave without saving?" })
      .getByRole("button", { name: "Leave without saving" })
      .click()
    await page.waitForURL(`${server.url}/help`)
    // Nothing was saved: the next visit shows what the server holds, and leaving asks nothing.
    await page.goto(`${server.url}/settings`)
    await page.getByRole("button", { name: "Save preferences" }).waitFor()
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Help" }).click()
    await page.waitForURL(`${server.url}/help`)
    await close()
  })

  it("returns to the bell after Escape in its panel, and to it after the support panel opened from it", async () => {
    const { page, close } = await signedIn()
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
    expect(await escapeFrom(page, () => bell.click(), "Notifications")).toMatch(/^Notifications/)
    await bell.focus()
    expect(await escapeFrom(page, () => page.keyboard.press("Control+Shift+S"), "Support panel")).toMatch(
      /^Notifications/,
    )
    await close()
  })
})

describe("keyboard on a phone and at sign-in", () => {
  it("closes the mobile sidebar with Escape and returns to the Menu button", async () => {
    const { page, close } = await signedIn(375)
    const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true })
    await menu.click()
    const sidebar = page.getByRole("complementary", { name: "Sidebar" })
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(320)
    expect(await focusedName(page)).toBe("Close menu")
    await page.keyboard.press("Escape")
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64)
    expect(await focusedName(page)).toBe("Menu")
    expect(await menu.getAttribute("aria-expanded")).toBe("false")
    await close()
  })

  it("starts the sign-in page with the focus in the email field", async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${server.url}/login`)
    const email = page.getByLabel("Email")
    await email.waitFor()
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true)
    await context.close()
  })
})
