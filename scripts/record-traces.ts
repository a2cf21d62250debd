// `node --import tsx scripts/record-traces.ts [--build] [NAME…]`: re-records the traces in test/traces/ from real runs of
// the built app in Chromium against the real server, each exported through the support panel's 'Export trace'.
// `npm test` replays them (test/unit/trace-replay.test.ts); re-record after a deliberate change to a machine.
import { execFileSync } from "node:child_process"
import { existsSync, writeFileSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import {
  exportTrace,
  openSupportPanel,
  panelState,
  sendNotification,
  staleTokenAfterSignIn,
} from "../test/e2e/support-helpers"

const OUT = "test/traces"

async function signedInAdmin(page: Page, url: string): Promise<void> {
  await signIn(page, url, DEMO.admin.email, DEMO.admin.password)
  await page.waitForURL(`${url}/dashboard`)
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .waitFor()
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

async function waitForStates(page: Page, states: Record<string, string>): Promise<void> {
  for (const [actor, state] of Object.entries(states))
    await panelState(page, actor)
      .filter({ hasText: new RegExp(`^${literal(state)}$`) })
      .waitFor()
}

const scenarios: Record<string, (browser: Browser, url: string) => Promise<string>> = {
  /** Signed in once, then a reload: the app restores the session by a silent refresh with the cookie. */
  "sign-in-silent-refresh": async (browser, url) => {
    const { context, page } = await newPage(browser)
    await signedInAdmin(page, url)
    await page.reload()
    await page.getByText(/Welcome back, /).waitFor()
    await openSupportPanel(page)
    await waitForStates(page, { auth: "AUTHENTICATED.ready", socket: "connection.open" })
    const text = await exportTrace(page)
    await context.close()
    return text
  },
  /** A notification arrives over the socket and is marked read from the bell. */
  "live-notification-read": async (browser, url) => {
    const { context, page } = await newPage(browser)
    await signedInAdmin(page, url)
    const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
    await bell.click()
    const panel = page.getByRole("dialog", { name: "Notifications" })
    await panel.getByText("Live", { exact: true }).waitFor()
    const title = `Trace live item ${Date.now()}`
    await sendNotification(url, DEMO.admin.email, title)
    const mark = panel.getByRole("button", { name: `Mark "${title}" as read` })
    await mark.click()
    await mark.waitFor({ state: "detached" })
    await openSupportPanel(page)
    await waitForStates(page, {
      notifications: "active.{list: ready, sync: idle, writes: idle, detail: none}",
    })
    const text = await exportTrace(page)
    await context.close()
    return text
  },
  /** The access token goes stale: two requests get 401, queue behind one refresh, and replay with the new token. */
  "refresh-401-queued": async (browser, url) => {
    const { context, page } = await newPage(browser)
    const routes = await staleTokenAfterSignIn(page)
    await signedInAdmin(page, url)
    await page.getByText(/Welcome back, /).waitFor()
    if (routes.refused() < 2)
      throw new Error(`only ${routes.refused()} request(s) were refused; record again`)
    await openSupportPanel(page)
    await waitForStates(page, { auth: "AUTHENTICATED.ready", refresh: "idle" })
    const text = await exportTrace(page)
    await context.close()
    return text
  },
}

async function main() {
  if (process.argv.includes("--build") || !existsSync("dist/index.html"))
    execFileSync("npm", ["run", "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    })
  const server = await startServerProcess()
  const browser = await launchBrowser()
  try {
    const only = process.argv.slice(2).filter((a) => !a.startsWith("--"))
    for (const [name, record] of Object.entries(scenarios)) {
      if (only.length > 0 && !only.includes(name)) continue
      const text = await record(browser, server.url)
      const file = `${OUT}/${name}.json`
      writeFileSync(file, `${JSON.stringify(JSON.parse(text), null, 2)}\n`)
      // In the repository's own format, so that `npm test`'s lint step passes on a fresh recording.
      execFileSync("npx", ["biome", "format", "--write", file], { stdio: "ignore" })
      console.log(`recorded ${file}`)
    }
  } finally {
    await browser.close()
    await server.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
