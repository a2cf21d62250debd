import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { restRunning } from "../app-routes"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// The staff page as an admin uses it: an invitation issued and its link copied; the colleague accepts it in
// another browser and the admin's open page shows them active without a reload; the admin deactivates them and
// the colleague's open page is sent to the sign-in page within a couple of seconds. A coordinator neither sees
// the page in the sidebar nor gets in by typing its address.

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

const EMAIL = "sam.staff@firm.example"

describe("the staff page", () => {
  it("invites, follows the acceptance live, and a deactivation signs the colleague out", async () => {
    const admin = await newPage(browser)
    await admin.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url })
    const page = admin.page
    await signIn(page, server.url, DEMO.admin.email, DEMO.admin.password)
    await page.waitForURL(/\/dashboard$/)
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Staff", exact: true })
      .click()
    await page.getByRole("heading", { name: "Staff", level: 1 }).waitFor()
    await restRunning(page)
    await page.getByRole("cell", { name: "Vera Viewer", exact: true }).waitFor()

    await page.getByRole("button", { name: "Invite someone" }).click()
    const dialog = page.getByRole("dialog", { name: "Invite someone" })
    await dialog.getByLabel("Email").fill(EMAIL)
    await dialog.getByLabel("Category").selectOption("website_coordinator")
    await dialog.getByRole("button", { name: "Invite" }).click()
    const panel = page.getByRole("region", { name: "Invitation link" })
    await panel.getByRole("button", { name: "Copy link" }).click()
    await panel.getByRole("button", { name: "Copied" }).waitFor()
    const link = await page.evaluate(() => navigator.clipboard.readText())
    expect(link).toMatch(new RegExp(`^${server.url}/invite/[A-Za-z0-9_-]{59}$`))
    expect(await panel.getByRole("textbox").inputValue()).toBe(link)
    expect(await panel.textContent()).toMatch(/It works once, until .+\. Mail is not configured/)
    const row = page.getByRole("row").filter({ hasText: EMAIL })
    await expect.poll(() => row.getByText("Invited").count()).toBe(1)

    const colleague = await newPage(browser)
    await colleague.page.goto(link)
    await colleague.page.getByLabel("Full name").fill("Sam Staff")
    await colleague.page.getByLabel("Password", { exact: true }).fill("tangerine orbit lantern")
    await colleague.page.getByRole("button", { name: "Create my account" }).click()
    await colleague.page.waitForURL(/\/dashboard$/)
    await restRunning(colleague.page)

    // No reload here: the socket told this page.
    await expect.poll(() => row.getByText("Active").count(), { timeout: 10_000 }).toBe(1)
    expect(await row.getByRole("cell", { name: "Sam Staff", exact: true }).count()).toBe(1)

    await row.getByRole("button", { name: "Deactivate: Sam Staff" }).click()
    const confirm = page.getByRole("dialog", { name: "Deactivate Sam Staff?" })
    await confirm.getByRole("button", { name: "Deactivate" }).click()
    const started = Date.now()
    await colleague.page.waitForURL(/\/login/, { timeout: 10_000 })
    expect(Date.now() - started).toBeLessThan(3000)
    await expect.poll(() => row.getByText("Deactivated").count()).toBe(1)

    await row.getByRole("button", { name: "History: Sam Staff" }).click()
    const history = page.getByRole("dialog", { name: "History of Sam Staff" })
    await expect
      .poll(() => history.getByRole("listitem").allTextContents())
      .toEqual([
        expect.stringMatching(/^Deactivated.*by Ada Admin$/),
        expect.stringMatching(/^Accepted the invitation.*by Sam Staff$/),
        expect.stringMatching(/^Invited/),
      ])
    await history.getByRole("button", { name: "Close" }).click()
    await colleague.context.close()
    await admin.context.close()
  })

  it("a change made stale by another change meanwhile gets the server's sentence naming that change", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.admin.email, DEMO.admin.password)
    await page.waitForURL(/\/dashboard$/)
    const other = await context.newPage()
    for (const tab of [page, other]) {
      await tab.goto(`${server.url}/staff?search=vera`)
      await tab.getByRole("cell", { name: "Vera Viewer", exact: true }).waitFor()
    }
    // This tab's admin decides on what they saw…
    await page.getByRole("button", { name: "Deactivate: Vera Viewer" }).click()
    // …while the other tab changes the account.
    await other.getByRole("button", { name: "Change category: Vera Viewer" }).click()
    const dialog = other.getByRole("dialog", { name: "Change the category of Vera Viewer" })
    await dialog.getByLabel("Category").selectOption("website_coordinator")
    await dialog.getByRole("button", { name: "Change category" }).click()
    await other.getByRole("row").filter({ hasText: "Website coordinator" }).waitFor()

    await page
      .getByRole("dialog", { name: "Deactivate Vera Viewer?" })
      .getByRole("button", { name: "Deactivate" })
      .click()
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toMatch(
        /^Changed meanwhile by Ada Admin \(Category support → website_coordinator, .+\): reload and try again\./,
      )
    expect(await page.getByRole("row").filter({ hasText: "Vera Viewer" }).getByText("Active").count()).toBe(1)
    await context.close()
  })

  it("keeps a coordinator out: no sidebar link, and the address leads to /unauthorized", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(/\/dashboard$/)
    const nav = page.getByRole("navigation", { name: "Main" })
    await nav.getByRole("link", { name: "Settings", exact: true }).waitFor()
    expect(await nav.getByRole("link", { name: "Staff", exact: true }).count()).toBe(0)
    await page.goto(`${server.url}/staff`)
    await page.waitForURL(/\/unauthorized$/)
    await context.close()
  })
})
