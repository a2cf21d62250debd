// What a reload of a signed-in page does, in real Chromium without throttling: first and largest paint, and
// every request with its start and end, against the real server on a fresh embedded database. Lighthouse
// simulates a slow phone and counts only network and CPU; this shows the real order of things (a request
// asked twice, a wait on the main thread) that its figure hides.
// Usage: node --import tsx bench/reload-timeline.ts [--path /dashboard] [--runs 5] [--new-tab] [--cache]
//   [--profile FILE] (needs a build). Each run reloads the signed-in tab (F5) with the HTTP cache disabled, so
// every byte is fetched again; --new-tab opens the page in a second tab instead (a cold renderer: Chromium's
// own process start is then in the figures); --cache keeps the HTTP cache. The requests of the last run are
// listed; the summary gives each run and the medians. --profile writes the last run's CPU profile.
// Goal: largest paint ≤ 250 ms (median).
import { writeFileSync } from "node:fs"
import type { Page } from "playwright-core"
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const PATH = option("--path") ?? "/dashboard"
const PROFILE = option("--profile")
const RUNS = Math.max(1, Number(option("--runs") ?? 5) || 5)
const NEW_TAB = process.argv.includes("--new-tab")
const CACHE = process.argv.includes("--cache")

interface Timeline {
  readonly html: { responseStart: number; responseEnd: number }
  readonly paints: ReadonlyArray<{ name: string; at: number }>
  readonly largest: ReadonlyArray<{ at: number; element: string; size: number }>
  readonly requests: ReadonlyArray<{ start: number; end: number; url: string }>
}

/** Reads what the page recorded about its own load: navigation, paints, largest paints, resources. */
const readTimeline = (page: Page): Promise<Timeline> =>
  page.evaluate(async () => {
    const largest: Array<{ at: number; element: string; size: number }> = []
    await new Promise<void>((resolve) => {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { element?: Element; size?: number }>)
          largest.push({ at: Math.round(e.startTime), element: e.element?.tagName ?? "?", size: e.size ?? 0 })
        resolve()
      }).observe({ type: "largest-contentful-paint", buffered: true })
      setTimeout(resolve, 500)
    })
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[]
    return {
      html: {
        responseStart: Math.round(navigation?.responseStart ?? 0),
        responseEnd: Math.round(navigation?.responseEnd ?? 0),
      },
      paints: performance
        .getEntriesByType("paint")
        .map((e) => ({ name: e.name, at: Math.round(e.startTime) })),
      largest,
      requests: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => ({
        start: Math.round(r.startTime),
        end: Math.round(r.responseEnd),
        url: r.name.replace(location.origin, ""),
      })),
    }
  })

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN
}

const server = await startServerProcess({ LOG_LEVEL: "warn" })
const browser = await launchBrowser()
try {
  const { page, context } = await newPage(browser, { width: 412, height: 823 })
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(/\/dashboard/)
  if (PATH !== "/dashboard") await page.goto(`${server.url}${PATH}`)
  const runs: Array<Timeline> = []
  for (let run = 1; run <= RUNS; run++) {
    const tab = NEW_TAB ? await context.newPage() : page
    const cdp = await context.newCDPSession(tab)
    await cdp.send("Network.enable")
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: !CACHE })
    const profiling = PROFILE !== undefined && run === RUNS
    if (profiling) {
      await cdp.send("Profiler.enable")
      await cdp.send("Profiler.start")
    }
    if (NEW_TAB) await tab.goto(`${server.url}${PATH}`)
    else await tab.reload()
    await tab.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 30_000 })
    // The dashboard's largest paint is its figures, which follow the summary: let them land.
    await tab.waitForTimeout(1000)
    if (profiling && PROFILE) {
      const { profile } = await cdp.send("Profiler.stop")
      writeFileSync(PROFILE, JSON.stringify(profile))
    }
    runs.push(await readTimeline(tab))
    await cdp.detach()
    if (NEW_TAB) await tab.close()
  }
  const last = runs[runs.length - 1] as Timeline
  console.log(
    `A ${NEW_TAB ? "new tab" : "reload"} of ${PATH} (coordinator, 412 × 823, no throttling, HTTP cache ${
      CACHE ? "on" : "off"
    }), ms from navigation start; the last of ${RUNS} runs:`,
  )
  console.table([
    { what: "page (HTML)", start: last.html.responseStart, end: last.html.responseEnd },
    ...last.paints.map((p) => ({ what: p.name, start: "", end: p.at })),
    ...last.largest.map((l) => ({
      what: `largest paint: ${l.element}, ${l.size} px²`,
      start: "",
      end: l.at,
    })),
  ])
  console.table(last.requests.map((r) => ({ request: r.url, start: r.start, end: r.end })))
  const summary = runs.map((t) => {
    const asked = (part: string) => t.requests.find((r) => r.url.includes(part))?.start ?? Number.NaN
    return {
      "HTML ends": t.html.responseEnd,
      "refresh asked": asked("/token/refresh/"),
      "summary asked": asked("/dashboard/summary/"),
      "first contentful paint": t.paints.find((p) => p.name === "first-contentful-paint")?.at ?? Number.NaN,
      "largest paint": t.largest[t.largest.length - 1]?.at ?? Number.NaN,
    }
  })
  const keys = Object.keys(summary[0] ?? {}) as Array<keyof (typeof summary)[number]>
  const medians = Object.fromEntries(keys.map((k) => [k, median(summary.map((s) => s[k]))]))
  const spreads = Object.fromEntries(
    keys.map((k) => {
      const values = summary.map((s) => s[k]).filter((v) => !Number.isNaN(v))
      return [k, `${Math.min(...values)}–${Math.max(...values)}`]
    }),
  )
  console.log(`Every run, and the median (spread: min–max):`)
  console.table([...summary, { ...medians }, { ...spreads }])
  const api = last.requests.filter((r) => r.url.startsWith("/api/")).map((r) => r.url)
  const repeated = api.filter((url, i) => api.indexOf(url) !== i)
  console.log(
    repeated.length
      ? `asked more than once: ${[...new Set(repeated)].join(", ")}`
      : "no API request repeated",
  )
} finally {
  await browser.close()
  await server.close()
}
