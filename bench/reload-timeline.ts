// What a reload of a signed-in page does, in real Chromium without throttling: first and largest paint, and
// every request with its start and end, against the real server on a fresh embedded database. Lighthouse
// simulates a slow phone and counts only network and CPU; this shows the real order of things (a request
// asked twice, a wait on the main thread) that its figure hides.
// Usage: node --import tsx bench/reload-timeline.ts [--path /dashboard] [--profile FILE] (needs a build).
// --profile writes the page's CPU profile (.cpuprofile, for Chromium's DevTools).
import { writeFileSync } from "node:fs"
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const PATH = option("--path") ?? "/dashboard"
const PROFILE = option("--profile")

interface Timeline {
  readonly paints: ReadonlyArray<{ name: string; at: number }>
  readonly largest: ReadonlyArray<{ at: number; element: string; size: number }>
  readonly requests: ReadonlyArray<{ start: number; end: number; url: string }>
}

const server = await startServerProcess({ LOG_LEVEL: "warn" })
const browser = await launchBrowser()
try {
  const { page, context } = await newPage(browser, { width: 412, height: 823 })
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(/\/dashboard/)
  // A second tab of the same browser: the session cookie is there, the page's own cache is not warm.
  const reload = await context.newPage()
  const cdp = await context.newCDPSession(reload)
  await cdp.send("Network.enable")
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true })
  if (PROFILE) {
    await cdp.send("Profiler.enable")
    await cdp.send("Profiler.start")
  }
  await reload.goto(`${server.url}${PATH}`)
  await reload.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 30_000 })
  await reload.waitForTimeout(1500)
  if (PROFILE) {
    const { profile } = await cdp.send("Profiler.stop")
    writeFileSync(PROFILE, JSON.stringify(profile))
  }
  const timeline: Timeline = await reload.evaluate(async () => {
    const largest: Array<{ at: number; element: string; size: number }> = []
    await new Promise<void>((resolve) => {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { element?: Element; size?: number }>)
          largest.push({ at: Math.round(e.startTime), element: e.element?.tagName ?? "?", size: e.size ?? 0 })
        resolve()
      }).observe({ type: "largest-contentful-paint", buffered: true })
      setTimeout(resolve, 500)
    })
    return {
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
  console.log(`A reload of ${PATH} (coordinator, 412 × 823, no throttling), ms from navigation start`)
  console.table([
    ...timeline.paints.map((p) => ({ what: p.name, start: "", end: p.at })),
    ...timeline.largest.map((l) => ({
      what: `largest paint: ${l.element}, ${l.size} px²`,
      start: "",
      end: l.at,
    })),
  ])
  console.table(timeline.requests.map((r) => ({ request: r.url, start: r.start, end: r.end })))
  const api = timeline.requests.filter((r) => r.url.startsWith("/api/")).map((r) => r.url)
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
