import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

// Two reviewers, each in their own browser context (own cookies, own session), on one record: the second,
// with the dialog already open when the first decided, is told in the dialog who decided, with nothing left to
// confirm, and the page shows the record as it now is.

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

async function openAs(account: { email: string; password: string }, path: string) {
  const opened = await newPage(browser)
  await signIn(opened.page, server.url, account.email, account.password)
  await opened.page.waitForURL(`${server.url}/dashboard`)
  await opened.page.goto(`${server.url}${path}`)
  return opened
}

describe("two reviewers on one record", () => {
  it("the second's open dialog says who decided and offers no confirm; the record is reloaded", async () => {
    const coordinator = await openAs(DEMO.coordinator, "/website-coordinator/pending-requests")
    const first = coordinator.page.getByRole("table").getByRole("link").first()
    const href = (await first.getAttribute("href")) ?? ""
    expect(href).toMatch(/^\/work-request-details\//)
    const admin = await openAs(DEMO.admin, href)
    await coordinator.page.goto(`${server.url}${href}`)

    // Both see a pending record with its actions; the admin starts rejecting it (the dialog is open).
    const adminApprove = admin.page.getByRole("button", { name: "Approve" })
    await adminApprove.waitFor()
    await admin.page.getByRole("button", { name: "Reject" }).click()
    const dialog = admin.page.getByRole("dialog", { name: "Reject this work request" })
    await dialog.getByLabel("Reason").fill("Duplicate of an earlier request")
    await coordinator.page.getByRole("button", { name: "Approve" }).click()
    await coordinator.page.getByRole("dialog").getByRole("button", { name: "Approve" }).click()
    await coordinator.page.getByRole("button", { name: "Approve" }).waitFor({ state: "detached" })

    // The admin's page hears of the approval; the dialog already open stays open (focus with it), says who
    // decided meanwhile, and offers nothing to confirm.
    await admin.page.getByText("Approved by Corey Coordinator just now").waitFor()
    expect(await dialog.isVisible()).toBe(true)
    await dialog
      .getByRole("alert")
      .filter({ hasText: "Approved by Corey Coordinator meanwhile: this work request is approved now." })
      .waitFor()
    expect(await dialog.getByRole("button", { name: "Reject" }).count()).toBe(0)
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await dialog.waitFor({ state: "hidden" })

    // The record was reloaded: approved, decided by the coordinator, and nothing left to decide.
    await admin.page
      .getByRole("definition")
      .filter({ hasText: /^Approved$/ })
      .waitFor()
    await admin.page
      .getByRole("definition")
      .filter({ hasText: /by Corey Coordinator$/ })
      .waitFor()
    expect(await adminApprove.count()).toBe(0)
    expect(await admin.page.getByRole("button", { name: "Reject" }).count()).toBe(0)
    await admin.context.close()
    await coordinator.context.close()
  })
})
