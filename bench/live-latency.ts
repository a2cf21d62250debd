// Live latency: server insert → bell updated in Chromium. Each probe is sent through the admin API (the
// insert and its NOTIFY are one transaction); the page records when the bell's badge first shows it.
// Usage: node --import tsx bench/live-latency.ts [--count 500] [--tabs 1,50] (needs `npx vite build` first)
// For each tab count in --tabs (ascending), more tabs of the same session are opened until that many are open
// and live, and measured again: one run reports 1 tab and 50 tabs side by side, with the notification sockets
// the server holds for that user once they are open (its "notification socket" log lines). Each probe waits until
// every tab shows it: p50/p99/max are the first tab's (the one that holds the socket), "all" the slowest tab's.
// With --hidden, every tab but the newest says it is hidden, as in a browser that shows one tab of many (Playwright's
// pages all say they are visible): p50/p99/max are then the newest tab's (one that follows the socket), and each
// probe waits for it alone ("all" is not measured: a hidden tab applies frames when shown, or within
// SOCKET_TABS.hiddenMs).
// "browser cpu": the CPU milliseconds a probe cost Chromium, every tab's renderer and its browser and GPU
// processes together (/proc, Linux), a renderer that exits meanwhile not counted.
import type { Page } from "playwright-core"
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { socketsOf, userIdOf } from "../test/e2e/live/server-sockets"
import { startServerProcess } from "../test/e2e/server-process"
import { processesCpuMs } from "./live/cpu"

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) || fallback : fallback
}
const count = option("--count", 500)
const tabsAt = process.argv.indexOf("--tabs")
const tabCounts = (tabsAt > 0 ? (process.argv[tabsAt + 1] ?? "") : "1,50")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b)
const hiddenMode = process.argv.includes("--hidden")
/** Chromium's processes by name (Debian's build names them "chromium"). */
const CHROMIUM = /^chrom/i
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

const server = await startServerProcess()
const browser = await launchBrowser()
try {
  // Whose sockets to count; asked before the measured page signs in, so that its sign-in notice is not a probe.
  const coordinatorId = await userIdOf(server.url, DEMO.coordinator)
  const { context, page } = await newPage(browser)
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await page.getByRole("button", { name: /^Notifications/ }).waitFor()
  await page
    .getByText(/Connection: live/i)
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {})
  // Each change of the badge's label is stamped in the page with the wall clock the server shares; the bench
  // waits for a stamp through a promise the page resolves, so that fifty waiting tabs poll nothing.
  const watchBadge = (tab: Page) =>
    tab.evaluate(() => {
      // The label shown now is the first stamp: a probe's is the next change. (No named functions in here: the
      // bench's loader would wrap them in a helper the page does not have.)
      const bell = 'button[aria-label^="Notifications"]'
      const shown = document.querySelector(bell)?.getAttribute("aria-label") ?? ""
      const stamps: Array<{ label: string; at: number }> = [{ label: shown, at: Date.now() }]
      const waiting: Array<{ n: number; resolve: (at: number) => void }> = []
      window.__stamps = stamps
      window.__stampAfter = (n) =>
        new Promise((resolve) => {
          const at = stamps[n]?.at
          if (at === undefined) waiting.push({ n, resolve })
          else resolve(at)
        })
      new MutationObserver(() => {
        const now = document.querySelector(bell)?.getAttribute("aria-label") ?? ""
        if (stamps.at(-1)?.label === now) return
        stamps.push({ label: now, at: Date.now() })
        for (let i = waiting.length - 1; i >= 0; i--) {
          const wait = waiting[i]
          const at = wait && stamps[wait.n]?.at
          if (wait && at !== undefined) {
            waiting.splice(i, 1)
            wait.resolve(at)
          }
        }
      }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true })
    })
  const pages: Page[] = [page]
  await watchBadge(page)
  const adminToken = async () => {
    const login = await fetch(`${server.url}/api/company/login/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(DEMO.admin),
    })
    if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`)
    return ((await login.json()) as { access: string }).access
  }
  // A run with many tabs on a busy machine outlives an access token: a send refused with 401 signs in again and
  // is sent once more, as the app itself would after a refresh.
  let access = await adminToken()
  const send = (body: unknown) =>
    fetch(`${server.url}/api/v1/notifications/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${access}` },
      body: JSON.stringify(body),
    })
  const stampsIn = (tab: Page) =>
    tab.evaluate(() => {
      if (!window.__stamps) throw new Error("no change stamps in the page")
      return window.__stamps.length
    })
  const stampAfter = (tab: Page, n: number) =>
    tab.evaluate((after) => {
      if (!window.__stampAfter) throw new Error("no change stamps in the page")
      return window.__stampAfter(after)
    }, n)
  const withinTimeout = async <A>(p: Promise<A>) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("a tab's badge did not change within 10 s")), 10_000)
    })
    try {
      return await Promise.race([p, late])
    } finally {
      clearTimeout(timer)
    }
  }
  /** Makes the page say it is hidden or shown, as a browser does when another tab comes over it. */
  // As a string: the bench's loader would wrap the getters in a naming helper the page does not have.
  const setHidden = (tab: Page, hidden: boolean) =>
    tab.evaluate(`(() => {
      const h = ${hidden}
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (h ? "hidden" : "visible") })
      Object.defineProperty(document, "hidden", { configurable: true, get: () => h })
      document.dispatchEvent(new Event("visibilitychange"))
    })()`)
  // Sequential probes: each waits for every tab's badge (the one shown, with --hidden) before the next is sent.
  const measure = async () => {
    const watched = hiddenMode ? pages.slice(-1) : pages
    const first: number[] = []
    const slowest: number[] = []
    for (let i = 0; i < count; i++) {
      const before = await Promise.all(watched.map(stampsIn))
      let sentAt = Date.now()
      const probe = { recipient_email: DEMO.coordinator.email, title: `Probe ${i}`, message: "latency" }
      let res = await send(probe)
      if (res.status === 401) {
        access = await adminToken()
        sentAt = Date.now()
        res = await send(probe)
      }
      if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`)
      const shown = await withinTimeout(
        Promise.all(watched.map((tab, at) => stampAfter(tab, before[at] ?? 0))),
      )
      first.push((shown[0] ?? NaN) - sentAt)
      slowest.push(Math.max(...shown) - sentAt)
    }
    return { first: first.sort((a, b) => a - b), slowest: slowest.sort((a, b) => a - b) }
  }
  const rows: Array<Record<string, number>> = []
  let open = 1
  for (const tabs of tabCounts) {
    // The other tabs share the session (its refresh cookie), one at a time as a person would open them.
    for (; open < tabs; open++) {
      const other = await context.newPage()
      await other.goto(`${server.url}/dashboard`)
      await other.getByRole("button", { name: /^Notifications/ }).waitFor({ timeout: 60_000 })
      await watchBadge(other)
      pages.push(other)
    }
    if (hiddenMode) for (const [at, tab] of pages.entries()) await setHidden(tab, at < pages.length - 1)
    const cpuBefore = processesCpuMs(CHROMIUM)
    const { first, slowest } = await measure()
    const browserCpu = (processesCpuMs(CHROMIUM) - cpuBefore) / count
    rows.push({
      tabs,
      sockets: socketsOf(server.output(), coordinatorId),
      p50: percentile(first, 50),
      p99: percentile(first, 99),
      max: first.at(-1) ?? NaN,
      "browser cpu": Math.round(browserCpu * 10) / 10,
      ...(hiddenMode
        ? {}
        : {
            "all p50": percentile(slowest, 50),
            "all p99": percentile(slowest, 99),
            "all max": slowest.at(-1) ?? NaN,
          }),
    })
  }
  console.log(
    `live latency over ${count} notifications per row (ms, from the admin call to the badge update; ${hiddenMode ? "p50/p99/max: the newest tab, the others hidden" : "p50/p99/max: the first tab, all: the slowest tab"})`,
  )
  console.table(rows)
} finally {
  await browser.close()
  await server.close()
}
