import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

// Bulk decisions on the pending work requests, on a server of their own. Each test takes the first rows of
// the pending list as it finds them; the rows an earlier test decided have left it by then.

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

async function openAs(account: { email: string; password: string }, path: string) {
  const opened = await newPage(browser)
  await signIn(opened.page, server.url, account.email, account.password)
  await opened.page.waitForURL(`${server.url}/dashboard`)
  await opened.page.goto(`${server.url}${path}`)
  return opened
}

const table = (page: Page) => page.getByRole("table", { name: "Pending work requests" })
const total = async (page: Page) =>
  Number((await page.getByText(/ in all$/).textContent())?.match(/(\d+) in all/)?.[1] ?? Number.NaN)

interface Row {
  /** The checkbox's accessible name without "Select ": the record as the batch and report name it. */
  readonly label: string
  readonly href: string
}

/** The first rows of the list, each by its checkbox's accessible name and its detail link. */
async function firstRows(page: Page, n: number): Promise<Row[]> {
  const rows = table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("checkbox", { name: /^Select (?!all)/ }) })
  return Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      label: ((await rows.nth(i).getByRole("checkbox").getAttribute("aria-label")) ?? "").replace(
        /^Select /,
        "",
      ),
      href: (await rows.nth(i).getByRole("link").getAttribute("href")) ?? "",
    })),
  )
}

const box = (page: Page, row: Row) => page.getByRole("checkbox", { name: `Select ${row.label}`, exact: true })

describe("bulk review in Chromium", () => {
  it("approves two pending work requests with one confirmation, reports each, and updates the list", async () => {
    const { context, page } = await openAs(DEMO.coordinator, PENDING)
    await table(page).waitFor()
    const before = await total(page)
    const rows = await firstRows(page, 2)
    for (const row of rows) await box(page, row).check()
    await page.getByText("2 selected").waitFor()
    await page.getByRole("button", { name: "Approve selected" }).click()

    const dialog = page.getByRole("dialog", { name: "Approve 2 work requests?" })
    for (const row of rows) await dialog.getByRole("listitem").filter({ hasText: row.label }).waitFor()
    await dialog.getByRole("button", { name: "Approve 2" }).click()

    const results = page.getByRole("list", { name: "Results" })
    for (const row of rows)
      await results
        .getByRole("listitem")
        .filter({ hasText: `${row.label}: approved` })
        .waitFor()
    await page.getByText("2 approved.").waitFor()
    // The report takes the focus from the bulk button, disabled while the batch ran.
    const report = page.getByRole("region", { name: "Results" })
    await expect.poll(() => report.evaluate((el) => el === document.activeElement)).toBe(true)
    // The list reloaded without them, and the sidebar's pending count followed without a navigation.
    await expect.poll(() => total(page)).toBe(before - 2)
    await page.getByTitle(`${before - 2} pending in Work Requests`).waitFor()
    for (const row of rows) expect(await box(page, row).count()).toBe(0)
    await page.getByText("0 selected").waitFor()
    await context.close()
  })

  it("a record someone else decided meanwhile reports their decision; the rest of the batch goes on", async () => {
    const coordinator = await openAs(DEMO.coordinator, PENDING)
    await table(coordinator.page).waitFor()
    const [first, second] = await firstRows(coordinator.page, 2)
    if (!first || !second) throw new Error("fewer than two pending work requests")
    // Ticked from the keyboard: a box takes the focus and Space ticks it.
    for (const row of [first, second]) {
      await box(coordinator.page, row).focus()
      await coordinator.page.keyboard.press("Space")
    }
    await coordinator.page.getByText("2 selected").waitFor()

    // Meanwhile an admin approves the second one from its own page.
    const admin = await openAs(DEMO.admin, second.href)
    await admin.page.getByRole("button", { name: "Approve" }).click()
    await admin.page.getByRole("dialog").getByRole("button", { name: "Approve" }).click()
    await admin.page.getByRole("button", { name: "Approve" }).waitFor({ state: "detached" })

    // The live change reaches the selection: the decided row is named and no longer counted.
    await coordinator.page.getByText(/^1 selected \(decided elsewhere: .+\(approved\)\)$/).waitFor()
    await coordinator.page.getByRole("button", { name: "Reject selected" }).click()
    const dialog = coordinator.page.getByRole("dialog", { name: "Reject 1 work request" })
    await dialog.getByLabel("Reason").fill("Outside our service area")
    await dialog.getByRole("button", { name: "Reject" }).click()

    const results = coordinator.page.getByRole("list", { name: "Results" })
    await results
      .getByRole("listitem")
      .filter({ hasText: `${first.label}: rejected` })
      .waitFor()
    expect(await results.getByRole("listitem").filter({ hasText: second.label }).count()).toBe(0)
    await box(coordinator.page, first).waitFor({ state: "detached" })
    await coordinator.page.getByRole("button", { name: "Dismiss results" }).click()
    expect(await results.count()).toBe(0)
    await admin.context.close()
    await coordinator.context.close()
  })
})
