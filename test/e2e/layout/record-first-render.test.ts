import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// A record's page shows its heading, facts and actions in the render that brings its data; the parts below them
// (notes, audit trail) and the parts that open machines of their own (the claim's buttons, the documents,
// presence) come in a render of their own after that one has been painted.

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

declare global {
  interface Window {
    __titled?: { notes: boolean; audit: boolean; facts: boolean } | null
  }
}

describe("a record's first render with its data", () => {
  it("holds the title and facts, and not yet the notes or the audit trail, which follow", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.goto(`${server.url}/website-coordinator/pending-requests`)
    const first = page.locator('main table a[href^="/work-request-details/"]').first()
    await first.waitFor()
    // What the page holds when its title first names the record: the DOM as that render committed it (a
    // mutation observer's callback runs before any later task, such as a deferred render).
    await page.evaluate(() => {
      window.__titled = null
      const observer = new MutationObserver(() => {
        const title = document.querySelector("main #page-title")?.textContent ?? ""
        if (!title.startsWith("Work request: ")) return
        observer.disconnect()
        window.__titled = {
          notes: document.getElementById("notes-title") !== null,
          audit: document.getElementById("audit-title") !== null,
          facts: document.querySelector("main dl") !== null,
        }
      })
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    })
    await first.click()
    await page.getByRole("heading", { name: "Audit trail" }).waitFor()
    await page.getByRole("heading", { name: "Internal notes" }).waitFor()
    expect(await page.evaluate(() => window.__titled)).toEqual({ notes: false, audit: false, facts: true })
    await context.close()
  })
})
