// 10,000 notifications paged into the /notifications list with Load More, then scrolled from top to bottom.
// Reports the page's long tasks (PerformanceObserver) while paging and while scrolling. Goal for scrolling:
// no long task over 50 ms. The server runs on a PostgreSQL database made for the run.
// Usage: node --import tsx bench/list-scroll.ts [--rows 10000] (needs `npx vite build` first)
import { spawnSync } from "node:child_process"
import { sql } from "kysely"
import { openDatabase } from "../server/db/database"
import { LOAD_FAILED } from "../src/machines/notifications/notifications.machine"
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import { createBenchDatabase } from "./pg-database"

const at = process.argv.indexOf("--rows")
const ROWS = at > 0 ? Number(process.argv[at + 1]) || 10_000 : 10_000
const MAX_FAILURES = 20

const bench = await createBenchDatabase("bench_scroll")
const seed = spawnSync("npm", ["run", "--silent", "seed"], {
  env: { ...process.env, DATABASE_URL: bench.url },
  encoding: "utf8",
})
if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`)
const database = await openDatabase({ kind: "postgres", url: bench.url })
await sql`
  insert into notification (user_id, channel, notification_type, title, message, priority, is_read, created_at)
  select u.id, 'in_app', 'system', 'Scroll ' || g, 'Row ' || g || ' of the scroll benchmark.', 'low', g % 4 = 0,
    now() - make_interval(secs => g)
  from generate_series(1, ${ROWS}::int) g, app_user u where u.email = ${DEMO.coordinator.email}`.execute(
  database.db,
)
await database.close()

const server = await startServerProcess({ DATABASE_URL: bench.url })
const browser = await launchBrowser()
const longTasks = () =>
  page.evaluate(() => {
    if (!window.__longTasks) throw new Error("no long-task observer in the page")
    return window.__longTasks.splice(0)
  })
const { page } = await newPage(browser)
// Rows in the list (not only those rendered): the aria-setsize of its rows.
const rowCount = () =>
  page.evaluate(() =>
    Number(document.querySelector("main li[aria-setsize]")?.getAttribute("aria-setsize") ?? 0),
  )
try {
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await page.goto(`${server.url}/notifications`)
  await page.getByRole("heading", { name: "Notifications" }).waitFor()
  await page.evaluate(() => {
    const tasks: number[] = []
    window.__longTasks = tasks
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration)
    }).observe({ type: "longtask", buffered: false })
  })
  const main = page.getByRole("main")
  const more = main.getByRole("button", { name: "Load More" })
  const started = performance.now()
  let pages = 1
  let failures = 0
  // Each click waits for its page to be rendered before the next. A page that fails to load shows the list's
  // failure text; it is counted and the button clicked again (at most MAX_FAILURES times in the run).
  while (await more.isVisible().catch(() => false)) {
    const shown = await rowCount()
    // After a failure its text stays until a page loads: then only growth ends the wait.
    const failedBefore = failures > 0 && (await main.getByText(LOAD_FAILED).count()) > 0
    await more.click()
    const outcome = await page
      .waitForFunction(
        ({ before, failed, failedBefore }) => {
          // The list renders only the rows near the viewport; each row carries the list's length.
          const size = document.querySelector("main li[aria-setsize]")?.getAttribute("aria-setsize")
          if (Number(size ?? 0) > before) return "grew"
          if (failedBefore) return undefined
          return document.querySelector("main")?.textContent?.includes(failed) ? "failed" : undefined
        },
        { before: shown, failed: LOAD_FAILED, failedBefore },
        { timeout: 30_000 },
      )
      .catch(async (error: unknown) => {
        // Say what the page showed instead, so that a stall can be told from a reset or a failure.
        const rows = await rowCount()
        const button = await more.textContent().catch(() => null)
        throw new Error(
          `page ${pages + 1} (${Math.round((performance.now() - started) / 1000)} s in): rows ${shown} → ${rows}, button ${JSON.stringify(button)}: ${String(error)}`,
        )
      })
    if ((await outcome.jsonValue()) === "failed") {
      failures += 1
      console.warn(`page ${pages + 1} failed to load (${failures})`)
      if (failures > MAX_FAILURES) throw new Error(`more than ${MAX_FAILURES} pages failed to load`)
      continue
    }
    pages += 1
  }
  const pagingMs = performance.now() - started
  const items = await rowCount()
  const paging = await longTasks()

  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(500)
  await longTasks()
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let y = 0; y < height; y += 600) {
    await page.mouse.wheel(0, 600)
    await page.waitForTimeout(16)
  }
  await page.waitForTimeout(500)
  const scrolling = await longTasks()
  const summary = (tasks: number[]) => ({
    "long tasks": tasks.length,
    "longest ms": Math.round(Math.max(0, ...tasks)),
    "over 50 ms": tasks.filter((d) => d > 50).length,
  })
  console.log(
    `${ROWS.toLocaleString()} notifications paged into /notifications (${pages} pages, ${items} rows shown, ${failures} page loads failed and were retried)`,
  )
  console.table([
    { phase: `paging (${Math.round(pagingMs / 1000)} s)`, ...summary(paging) },
    { phase: `scrolling ${height.toLocaleString()} px`, ...summary(scrolling) },
  ])
} finally {
  await browser.close()
  await server.close()
  await bench.drop()
}
