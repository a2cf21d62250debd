import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

// Keyboard triage, search as you type, header sorting and the command palette, in Chromium against a real
// server of their own (docs/behaviour.md#keyboard-triage, #finding-things, #command-palette).

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

const PENDING = "/website-coordinator/pending-requests"

async function openAs(path: string) {
  const opened = await newPage(browser)
  await signIn(opened.page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await opened.page.waitForURL(`${server.url}/dashboard`)
  await opened.page.goto(`${server.url}${path}`)
  return opened
}

const table = (page: Page) => page.getByRole("table", { name: "Pending work requests" })
const cursorRow = (page: Page) => table(page).locator("tr[data-cursor]")
/** The record under the cursor, as its checkbox names it. */
const cursorLabel = async (page: Page) =>
  ((await cursorRow(page).getByRole("checkbox").getAttribute("aria-label")) ?? "").replace(/^Select /, "")
const rowLabel = async (page: Page, i: number) =>
  (
    (await table(page).locator("tbody tr").nth(i).getByRole("checkbox").getAttribute("aria-label")) ?? ""
  ).replace(/^Select /, "")
/** Focus on the page itself, as after a click on its heading: where the shortcuts apply. */
const focusPage = (page: Page) => page.getByRole("heading", { level: 1 }).click()

describe("keyboard triage in Chromium", () => {
  it("moves the cursor with j/k and the arrows, ticks with x, approves with a and rejects with r", async () => {
    const { context, page } = await openAs(PENDING)
    await table(page).waitFor()
    await focusPage(page)
    expect(await cursorRow(page).count()).toBe(0)
    await page.keyboard.press("j")
    expect(await cursorLabel(page)).toBe(await rowLabel(page, 0))
    await page.keyboard.press("j")
    expect(await cursorLabel(page)).toBe(await rowLabel(page, 1))
    await page.keyboard.press("ArrowUp")
    expect(await cursorLabel(page)).toBe(await rowLabel(page, 0))
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("k")
    const first = await cursorLabel(page)
    expect(first).toBe(await rowLabel(page, 0))

    // x ticks the cursor's row and x again unticks it.
    const box = page.getByRole("checkbox", { name: `Select ${first}`, exact: true })
    await page.keyboard.press("x")
    await expect.poll(() => box.isChecked()).toBe(true)
    await page.keyboard.press("x")
    await expect.poll(() => box.isChecked()).toBe(false)

    // a: the confirmation the Approve button opens, about the cursor's record.
    await page.keyboard.press("a")
    const confirm = page.getByRole("dialog", { name: "Approve 1 work request?" })
    await confirm.getByRole("listitem").filter({ hasText: first }).waitFor()
    // Shortcuts are off under a dialog: j does not move the cursor behind it.
    await page.keyboard.press("j")
    expect(await cursorLabel(page)).toBe(first)
    await confirm.getByRole("button", { name: "Approve 1" }).click()
    const results = page.getByRole("list", { name: "Results" })
    await results
      .getByRole("listitem")
      .filter({ hasText: `${first}: approved` })
      .waitFor()

    // The list reloads without it; the cursor stays in place, on the next record. r asks for the reason.
    await expect.poll(() => cursorLabel(page)).not.toBe(first)
    const second = await cursorLabel(page)
    await page.keyboard.press("r")
    const reason = page.getByRole("dialog", { name: "Reject 1 work request" })
    await reason.getByRole("listitem").filter({ hasText: second }).waitFor()
    await reason.getByRole("textbox", { name: "Reason" }).fill("Outside our service area")
    await reason.getByRole("button", { name: "Reject" }).click()
    await results
      .getByRole("listitem")
      .filter({ hasText: `${second}: rejected` })
      .waitFor()
    await context.close()
  })

  it("? opens the Keyboard shortcuts dialog, Escape closes it; keys typed in the search box stay there", async () => {
    const { context, page } = await openAs(PENDING)
    await table(page).waitFor()
    await focusPage(page)
    await page.keyboard.press("?")
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" })
    await help.waitFor()
    expect(await help.textContent()).toContain("Move the row cursor down")
    await page.keyboard.press("Escape")
    await help.waitFor({ state: "hidden" })

    const search = page.getByRole("searchbox", { name: "Search pending work requests" })
    await search.click()
    await page.keyboard.type("jk")
    expect(await cursorRow(page).count()).toBe(0)
    expect(await search.inputValue()).toBe("jk")
    await context.close()
  })
})

describe("finding things in Chromium", () => {
  it("searches as you type and sorts by a header; both survive a reload", async () => {
    const { context, page } = await openAs(PENDING)
    await table(page).waitFor()
    const title = (await table(page).locator("tbody tr").first().getByRole("link").textContent()) ?? ""
    const word = title.split(" ").sort((a, b) => b.length - a.length)[0] ?? ""
    const search = page.getByRole("searchbox", { name: "Search pending work requests" })
    // No Enter: the list applies the text once the keys stop.
    await search.pressSequentially(word, { delay: 20 })
    await page.waitForURL((url) => url.searchParams.get("search") === word)
    await table(page).getByRole("link", { name: title }).waitFor()

    const header = table(page).getByRole("columnheader", { name: "Title" })
    expect(await header.getAttribute("aria-sort")).toBe("none")
    await header.getByRole("button").click()
    await page.waitForURL((url) => url.searchParams.get("ordering") === "title")
    await expect.poll(() => header.getAttribute("aria-sort")).toBe("ascending")
    await header.getByRole("button").click()
    await page.waitForURL((url) => url.searchParams.get("ordering") === "-title")
    await expect.poll(() => header.getAttribute("aria-sort")).toBe("descending")

    await page.reload()
    await table(page).getByRole("link", { name: title }).waitFor()
    expect(await search.inputValue()).toBe(word)
    expect(await table(page).getByRole("columnheader", { name: "Title" }).getAttribute("aria-sort")).toBe(
      "descending",
    )
    // Enter still applies at once.
    await search.fill("no such request anywhere")
    await search.press("Enter")
    await page.getByText("Nothing matches “no such request anywhere”.").waitFor()
    await context.close()
  })

  it("Ctrl+K opens the palette with its search focused; it finds pages and opens a record", async () => {
    const { context, page } = await openAs(PENDING)
    await table(page).waitFor()
    const link = table(page).locator("tbody tr").first().getByRole("link")
    const title = (await link.textContent()) ?? ""
    // Ctrl+K works from a field too (it holds a modifier); Escape gives the focus back to that field.
    const listSearch = page.getByRole("searchbox", { name: "Search pending work requests" })
    await listSearch.focus()
    await page.keyboard.press("Control+k")
    const palette = page.getByRole("dialog", { name: "Search pages and records" })
    const field = palette.getByRole("combobox", { name: "Search pages and records" })
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)

    await page.keyboard.type("receipt")
    await palette.getByRole("option", { name: /Receipts/ }).waitFor()
    await page.keyboard.press("Escape")
    await palette.waitFor({ state: "hidden" })
    await expect.poll(() => listSearch.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await listSearch.inputValue()).toBe("")

    await page.keyboard.press("Control+k")
    await field.fill(title)
    // Seeded titles repeat: the first option of the record's title, whichever record it is.
    const option = palette
      .getByRole("option", {
        name: new RegExp(`Work request.*${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
      })
      .first()
    await option.waitFor()
    // The arrows move the active option; focus stays in the field (aria-activedescendant).
    const options = palette.getByRole("option")
    const index = await options.evaluateAll(
      (els, t) =>
        els.findIndex((el) => el.textContent?.includes(t) && el.textContent.startsWith("Work request")),
      title,
    )
    for (let i = 0; i < index; i++) await page.keyboard.press("ArrowDown")
    expect(await option.getAttribute("aria-selected")).toBe("true")
    expect(await field.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"))
    await page.keyboard.press("Enter")
    await page.waitForURL(
      (url) => url.pathname.startsWith("/work-request-details/") && url.pathname !== PENDING,
    )
    await palette.waitFor({ state: "hidden" })
    await page.getByRole("heading", { level: 1, name: title }).waitFor()
    await context.close()
  })
})
