import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SLOW_RETRY_STORAGE_KEY } from "../../src/effects/system/config-env"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"
import { sendNotification } from "./support-helpers"

// A long outage, as a working day has them: the server stays stopped for longer than the socket's six quick
// attempts (waits drawn up to 1 s doubling to 15 s), until the tab says it is offline and a page opened meanwhile
// has failed, and is started again on the same data. The tab must say what is happening in its top bar, never
// give up, and catch up by itself. The slow retry is shortened for this browser by its setting, so that
// recovery takes seconds rather than the default minute.

const SLOW_RETRY_MS = 2_000

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

const connection = (page: Page) =>
  page.getByRole("banner").locator("[data-connection]").getAttribute("data-connection")

describe("a long outage", () => {
  it("goes live → reconnecting → offline → live by itself, reloads a page that failed meanwhile, and shows what was sent once", async () => {
    const { context, page } = await newPage(browser)
    await context.addInitScript(([key, ms]) => localStorage.setItem(key, ms), [
      SLOW_RETRY_STORAGE_KEY,
      String(SLOW_RETRY_MS),
    ] as const)
    await signIn(page, server.url, DEMO.admin.email, DEMO.admin.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await expect.poll(() => connection(page)).toBe("live")
    // Quiet while live: nothing to read in the top bar but the bell and the menu.
    expect(
      await page
        .getByRole("banner")
        .getByText(/Reconnecting|Offline/)
        .count(),
    ).toBe(0)

    // The signed-in pages' code is fetched once the browser is idle after sign-in, so usually only data is missed
    // offline; a page whose code did not arrive either asks for it again when the connection is back.
    await page.waitForLoadState("networkidle")
    await server.stop()
    await expect.poll(() => connection(page)).toBe("reconnecting")
    await page.getByRole("banner").getByText("Reconnecting…").waitFor()
    // The quick attempts spent, it says since when, and offers to try at once.
    await expect.poll(() => connection(page), { timeout: 60_000 }).toBe("offline")
    await page
      .getByRole("banner")
      .getByText(/^Offline since \d{2}:\d{2}$/)
      .waitFor()
    await page.getByRole("banner").getByRole("button", { name: "Reconnect now" }).waitFor()

    // A page opened while the server is away fails to load, and says so. Not the first queue: that list is
    // opened ahead once the session runs, so its page shows the rows it had when the server went.
    await page
      .getByRole("complementary", { name: "Sidebar" })
      .getByRole("link", { name: "Approved work requests" })
      .click()
    await page
      .getByRole("alert")
      .filter({ hasText: "The list could not be loaded" })
      .waitFor({ timeout: 30_000 })

    // Offline, with the quick attempts spent: the same server comes back on the same data.
    await server.restart()
    const sentMeanwhile = `Sent while offline ${Date.now()}`
    await sendNotification(server.url, DEMO.admin.email, sentMeanwhile)

    // Back by itself (no click, no reload): live again, the failed page loaded, the notification shown once.
    await expect.poll(() => connection(page), { timeout: 70_000 }).toBe("live")
    await page.getByRole("table").first().waitFor({ timeout: 30_000 })
    expect(await page.getByRole("alert").count()).toBe(0)
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click()
    const list = page
      .getByRole("dialog", { name: "Notifications" })
      .getByRole("list", { name: "Notification list" })
    await list.getByText(sentMeanwhile).first().waitFor()
    expect(await list.getByText(sentMeanwhile).count()).toBe(1)
    await context.close()
  }, 240_000)
})
