// The full notification list keeps the pages someone has loaded when the access token expires under them:
// the 401, the refresh, the replayed page and the socket reconnecting with the new token (bench/RESULTS.md,
// list-scroll: the list went back to its first 20 rows about five minutes in). The server runs with a
// short token lifetime so that the expiry happens within the test.
import type { Browser, Response } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

const TOKEN_TTL_SECONDS = 6
const LIST = "/api/v1/notifications/?"

let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  server = await startServerProcess({ ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const listCall = (r: Response, param: string) => r.url().includes(LIST) && r.url().includes(param)

describe("the notification list across a token refresh", () => {
  it("keeps every loaded page through the 401, the refresh and the socket's reconnection", async () => {
    const { context, page } = await newPage(browser)
    try {
      await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
      await page.waitForURL(`${server.url}/dashboard`)
      await page.getByRole("link", { name: "Notifications" }).first().click()
      const main = page.getByRole("main")
      const rows = main.getByRole("list", { name: "Notification list" }).getByRole("listitem")
      const more = main.getByRole("button", { name: "Load More" })
      // The seed gives the coordinator 60 notifications: three pages.
      await expect.poll(() => rows.count()).toBe(20)
      await more.click()
      await expect.poll(() => rows.count()).toBe(40)

      // Every request for the first page from now on would be the list starting over.
      const firstPageReloads: string[] = []
      page.on("request", (r) => {
        if (r.url().includes(LIST) && r.url().includes("page=1")) firstPageReloads.push(r.url())
      })
      // The token runs out while the list sits there (a lifetime is time: nothing else to wait on).
      await page.waitForTimeout((TOKEN_TTL_SECONDS + 1) * 1000)
      const refused = page.waitForResponse((r) => listCall(r, "page=3") && r.status() === 401)
      const refreshed = page.waitForResponse((r) => r.url().includes("/token/refresh/") && r.status() === 200)
      const caughtUp = page.waitForResponse((r) => listCall(r, "since_id=") && r.ok())
      let welcomed = 0
      page.on("websocket", (ws) =>
        ws.on("framereceived", (f) => {
          if (String(f.payload).includes("connection_established")) welcomed += 1
        }),
      )
      await more.click()
      await refused
      await refreshed
      await expect.poll(() => rows.count()).toBe(60)
      // The new token restarts the socket; its welcome frame starts the catch-up, and nothing else.
      await expect.poll(() => welcomed).toBe(1)
      await caughtUp
      await expect.poll(() => main.getByText("Loading...").count()).toBe(0)
      expect(firstPageReloads).toEqual([])
      expect(await rows.count()).toBe(60)
      expect(await main.getByRole("button", { name: "Load More" }).count()).toBe(0)
    } finally {
      await context.close()
    }
  }, 120_000)
})
