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
import { launchBrowser, newPage } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import { TARGETS, type Target, visit } from "./first-click-steps"

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const RUNS = Math.max(1, Number(option("--runs") ?? 5) || 5)
const RATES = (option("--rates") ?? "1,4").split(",").map(Number)

async function oneRun(browser: Awaited<ReturnType<typeof launchBrowser>>, url: string, rate: number) {
  const { context, page } = await newPage(browser)
  try {
    const clicked = await visit(context, page, url, rate)
    return { list: clicked.list.ms, detail: clicked.detail.ms, inbox: clicked.inbox.ms }
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
      for (const target of TARGETS) times[target].push(result[target])
      console.log(
        `CPU ${rate}× run ${run + 1}: list ${ms(result.list)} ms, detail ${ms(result.detail)} ms, inbox ${ms(result.inbox)} ms`,
      )
    }
    for (const target of TARGETS) {
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
