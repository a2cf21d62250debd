import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

// Two signed-in browsers (their own contexts) on one server: who else is viewing a record appears and goes
// within seconds, and a claim made by one shows on the other's detail page and list without a reload; acting
// on someone else's claim asks first, naming them.

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
const SECONDS = 5_000

async function openAs(account: { email: string; password: string }, path: string) {
  const opened = await newPage(browser)
  await signIn(opened.page, server.url, account.email, account.password)
  await opened.page.waitForURL(`${server.url}/dashboard`)
  await opened.page.goto(`${server.url}${path}`)
  return opened
}

const table = (page: Page) => page.getByRole("table", { name: "Pending work requests" })
const alsoViewing = (page: Page) => page.getByRole("status", { name: "Also viewing" })

/** The detail link of the n-th row of the pending list. */
async function rowHref(page: Page, n: number): Promise<{ href: string; title: string }> {
  const link = table(page)
    .getByRole("row")
    .nth(n + 1)
    .getByRole("link")
  return { href: (await link.getAttribute("href")) ?? "", title: (await link.textContent()) ?? "" }
}

describe("presence and claims in Chromium", () => {
  it("shows who else views a record, and forgets them within seconds of leaving or closing the tab", async () => {
    const a = await openAs(DEMO.coordinator, PENDING)
    const { href } = await rowHref(a.page, 0)
    await a.page.goto(`${server.url}${href}`)
    await a.page.getByRole("button", { name: "Assign to me" }).waitFor()
    await expect.poll(() => alsoViewing(a.page).textContent()).toBe("")

    const b = await openAs(DEMO.admin, href)
    await expect
      .poll(() => alsoViewing(a.page).textContent(), { timeout: SECONDS })
      .toBe("Also viewing:Ada Admin")
    await expect
      .poll(() => alsoViewing(b.page).textContent(), { timeout: SECONDS })
      .toBe("Also viewing:Corey Coordinator")
    // B leaves for the list: gone from A's page.
    await b.page.getByRole("link", { name: "Pending work requests" }).first().click()
    await table(b.page).waitFor()
    await expect.poll(() => alsoViewing(a.page).textContent(), { timeout: SECONDS }).toBe("")
    // B comes back, then closes the tab: gone again.
    await b.page.goBack()
    await expect
      .poll(() => alsoViewing(a.page).textContent(), { timeout: SECONDS })
      .toBe("Also viewing:Ada Admin")
    await b.page.close()
    await expect.poll(() => alsoViewing(a.page).textContent(), { timeout: SECONDS }).toBe("")
    await b.context.close()
    await a.context.close()
  })

  it("a claim shows on the other browser's detail page and list at once; acting on it asks first", async () => {
    const a = await openAs(DEMO.coordinator, PENDING)
    const { href } = await rowHref(a.page, 1)
    const bList = await openAs(DEMO.admin, PENDING)
    // Seeded titles repeat: the row is found by its link.
    const bRow = table(bList.page)
      .getByRole("row")
      .filter({ has: bList.page.locator(`a[href="${href}"]`) })
    await bRow.getByText("Unassigned").waitFor()
    const bDetail = await bList.context.newPage()
    await bDetail.goto(`${server.url}${href}`)
    await bDetail.getByText("Unassigned", { exact: true }).waitFor()

    await a.page.goto(`${server.url}${href}`)
    await a.page.getByRole("button", { name: "Assign to me" }).click()
    await a.page.getByText("Assigned to you").waitFor()

    // Without a reload: B's detail page and B's list row name the coordinator.
    await bDetail.getByText("Assigned to Corey Coordinator").waitFor({ timeout: SECONDS })
    await bRow.getByText("Corey Coordinator", { exact: true }).waitFor({ timeout: SECONDS })

    // B approves: the confirmation says who holds it before anything is sent.
    await bDetail.getByRole("button", { name: "Approve" }).click()
    const dialog = bDetail.getByRole("dialog", { name: "Approve this work request?" })
    await dialog.getByText("Corey Coordinator has claimed this work request.").waitFor()
    await dialog.getByRole("button", { name: "Cancel" }).click()

    // B takes it over, after a confirmation naming the coordinator; A sees that and the audit trail says so.
    await bDetail.getByRole("button", { name: "Assign to me" }).click()
    const takeOver = bDetail.getByRole("dialog", { name: "Take this work request over?" })
    await takeOver.getByText("Corey Coordinator has claimed this work request.").waitFor()
    await takeOver.getByRole("button", { name: "Assign to me" }).click()
    await a.page.getByText("Assigned to Ada Admin").waitFor({ timeout: SECONDS })
    await bDetail
      .getByRole("list", { name: "Audit trail" })
      .getByText("Taken over from Corey Coordinator")
      .waitFor()
    await a.context.close()
    await bList.context.close()
  })

  it("a row claimed in another browser leaves an Unassigned list at once, without a reload", async () => {
    const a = await openAs(DEMO.coordinator, `${PENDING}?assignee=unassigned`)
    const { href } = await rowHref(a.page, 3)
    const row = table(a.page).locator(`a[href="${href}"]`)
    await row.waitFor()
    const b = await openAs(DEMO.admin, href)
    await b.page.getByRole("button", { name: "Assign to me" }).click()
    await b.page.getByText("Assigned to you").waitFor()
    await expect.poll(() => row.count(), { timeout: SECONDS }).toBe(0)
    // Still the list the user was on, with its filter.
    expect(a.page.url()).toContain("assignee=unassigned")
    await a.context.close()
    await b.context.close()
  })

  it("filters the list by Mine and Unassigned, kept in the URL", async () => {
    const a = await openAs(DEMO.coordinator, PENDING)
    const { href, title } = await rowHref(a.page, 2)
    await a.page.goto(`${server.url}${href}`)
    await a.page.getByRole("button", { name: "Assign to me" }).click()
    await a.page.getByText("Assigned to you").waitFor()
    await a.page.goto(`${server.url}${PENDING}`)
    await a.page.getByLabel("Assigned").selectOption("mine")
    await a.page.waitForURL(/assignee=mine/)
    await table(a.page).getByRole("link", { name: title }).waitFor()
    await expect
      .poll(async () => (await table(a.page).getByRole("row").count()) - 1)
      .toBe(await table(a.page).getByText("Corey Coordinator").count())
    await a.page.reload()
    await expect.poll(() => a.page.getByLabel("Assigned").inputValue()).toBe("mine")
    await a.page.getByLabel("Assigned").selectOption("unassigned")
    await a.page.waitForURL(/assignee=unassigned/)
    await expect.poll(() => table(a.page).getByRole("link", { name: title }).count()).toBe(0)
    await a.page.getByLabel("Assigned").selectOption("all")
    await a.page.waitForURL((url) => !url.search.includes("assignee"))
    await a.context.close()
  })
})
