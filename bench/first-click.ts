// `npm run bench:first-click`: the first click to each main page after signing in, with an empty cache, in real
// Chromium against the real server (a fresh embedded database) serving the build. Each run is a new browser
// context (nothing cached), signs in, lets the dashboard settle (no request in flight for 500 ms: what the app
// fetches ahead when idle has arrived, as for someone who looks at the dashboard first), then clicks, timing
// each click in the page from the click to the next frame after the page shows its content:
//   list    sidebar "Pending work requests" → the table's first request link
//   detail  that link → the page's title naming the request ("Work request: …")
//   inbox   sidebar "Notifications" → the page's title, its list no longer "Loading..."
// Runs with the CPU as it is and slowed 4× (CDP Emulation.setCPUThrottlingRate). Goal: p95 ≤ 300 ms at 4×.
// Usage: npm run bench:first-click [-- --runs 5 --rates 1,4] (needs `npm run build`).
import { loadavg } from "node:os"
import type { Page } from "playwright-core"
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const RUNS = Math.max(1, Number(option("--runs") ?? 5) || 5)
const RATES = (option("--rates") ?? "1,4").split(",").map(Number)
const CLICK_TIMEOUT_MS = 20_000

type Target = "list" | "detail" | "inbox"

interface Click {
  /** The link clicked, by CSS selector (the first one shown). */
  readonly link: string
  /** The page is shown when this holds (evaluated in the page). */
  readonly shown: "list" | "detail" | "inbox"
}

const CLICKS: Record<Target, Click> = {
  list: { link: 'nav a[href="/website-coordinator/pending-requests"]', shown: "list" },
  detail: { link: 'main table a[href^="/work-request-details/"]', shown: "detail" },
  inbox: { link: 'nav a[href="/notifications"]', shown: "inbox" },
}

/** Clicks the first shown link, in the page, and resolves with the milliseconds until the next frame after the
 * page showed its content. */
const timedClick = (page: Page, click: Click): Promise<number> =>
  page.evaluate(
    ({ link, shown, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const anchor = [...document.querySelectorAll<HTMLAnchorElement>(link)].find(
          (a) => a.offsetParent !== null,
        )
        if (!anchor) return reject(new Error(`no shown link ${link}`))
        const main = () => document.querySelector("main")
        const done = (): boolean => {
          const path = location.pathname
          if (shown === "list")
            return (
              path === "/website-coordinator/pending-requests" &&
              main()?.querySelector('table a[href^="/work-request-details/"]') != null
            )
          if (shown === "detail")
            return (
              path.startsWith("/work-request-details/") &&
              (main()?.querySelector("#page-title")?.textContent ?? "").startsWith("Work request: ")
            )
          return (
            path === "/notifications" &&
            main()?.querySelector("#page-title") != null &&
            !(main()?.textContent ?? "").includes("Loading...")
          )
        }
        const start = performance.now()
        const timer = setTimeout(() => {
          observer.disconnect()
          reject(new Error(`${shown} did not show within ${timeoutMs} ms`))
        }, timeoutMs)
        const finish = () => {
          observer.disconnect()
          clearTimeout(timer)
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0))
        }
        const observer = new MutationObserver(() => {
          if (done()) finish()
        })
        observer.observe(document.body, { childList: true, subtree: true, characterData: true })
        anchor.click()
      }),
    { link: click.link, shown: click.shown, timeoutMs: CLICK_TIMEOUT_MS },
  )

/** Opens the sidebar groups down to a link (not timed: a person opens them before the click that counts). */
async function reveal(page: Page, selector: string, groups: readonly RegExp[]): Promise<void> {
  for (const group of groups) {
    if (await page.locator(selector).first().isVisible()) return
    const toggle = page.getByRole("navigation").getByRole("button", { name: group }).first()
    if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click()
  }
  await page.locator(selector).first().waitFor()
}

const QUIET_MS = 500
const SETTLE_LIMIT_MS = 15_000

/**
 * Waits until none of the page's requests has been in flight for QUIET_MS (at most SETTLE_LIMIT_MS).
 * Playwright's "networkidle" is a load state: reached once on the sign-in page, it stays reached through the
 * app's own navigations, so it let the click come before the signed-in page's own fetches had even begun.
 */
function quietNetwork(page: Page): () => Promise<void> {
  let inFlight = 0
  let last = Date.now()
  const started = () => {
    inFlight += 1
    last = Date.now()
  }
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1)
    last = Date.now()
  }
  page.on("request", started)
  page.on("requestfinished", ended)
  page.on("requestfailed", ended)
  return async () => {
    const limit = Date.now() + SETTLE_LIMIT_MS
    while (Date.now() < limit && (inFlight > 0 || Date.now() - last < QUIET_MS))
      await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function oneRun(browser: Awaited<ReturnType<typeof launchBrowser>>, url: string, rate: number) {
  const { context, page } = await newPage(browser)
  try {
    const settle = quietNetwork(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate })
    // tsx keeps the names of this file's functions with a helper the page lacks; the timed click runs there.
    await page.addInitScript("globalThis.__name = (fn) => fn")
    await signIn(page, url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${url}/dashboard`)
    await page.getByRole("heading", { name: "Dashboard" }).waitFor()
    await settle()
    await reveal(page, CLICKS.list.link, [/^Requests/, /^Work Requests/])
    await settle()
    const list = await timedClick(page, CLICKS.list)
    await settle()
    const detail = await timedClick(page, CLICKS.detail)
    await settle()
    await reveal(page, CLICKS.inbox.link, [/^More/])
    await settle()
    const inbox = await timedClick(page, CLICKS.inbox)
    return { list, detail, inbox }
  } finally {
    await context.close()
  }
}

/** Nearest-rank percentile. */
const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  )
}
const ms = (n: number) => Math.round(n)

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")
const server = await startServerProcess()
const browser = await launchBrowser()
const loadBefore = load()
const rows: Array<Record<string, string | number>> = []
try {
  for (const rate of RATES) {
    const times: Record<Target, number[]> = { list: [], detail: [], inbox: [] }
    for (let run = 0; run < RUNS; run++) {
      const result = await oneRun(browser, server.url, rate)
      for (const target of Object.keys(times) as Target[]) times[target].push(result[target])
      console.log(
        `CPU ${rate}× run ${run + 1}: list ${ms(result.list)} ms, detail ${ms(result.detail)} ms, inbox ${ms(result.inbox)} ms`,
      )
    }
    for (const target of Object.keys(times) as Target[]) {
      const t = times[target]
      rows.push({
        CPU: `${rate}×`,
        page: target,
        "p50 ms": ms(percentile(t, 50)),
        "p95 ms": ms(percentile(t, 95)),
        "min ms": ms(Math.min(...t)),
        "max ms": ms(Math.max(...t)),
        runs: t.length,
      })
    }
  }
} finally {
  await browser.close()
  await server.close()
}
console.log(
  `\nfirst click after sign-in, empty cache (medians are p50; load average before ${loadBefore}, after ${load()})`,
)
console.table(rows)
