// Lighthouse (the npm package, driving Debian's Chromium) on /login and on /dashboard signed in, against the
// real server on a fresh embedded database, with both of Lighthouse's presets (mobile: emulated phone and
// simulated throttling; desktop). One run proves little on a shared machine, so each page is measured --runs
// times (default 5) per preset, each in a fresh browser, and the table gives the median and the spread (min–max)
// of the performance score, the medians of first and largest paint and of total blocking time, and Lighthouse's
// benchmarkIndex (how fast this machine was during the runs: compare figures only between similar indexes).
// Every session is signed in before the first audit, so no password hashing runs while a page is measured.
// Usage: npm run bench:lighthouse [-- --runs 5 --presets mobile,desktop --pages /login,/dashboard --save DIR] (needs `npm run build`
// first). Goals: mobile /login ≥ 98, /dashboard ≥ 90; desktop ≥ 98 on both; accessibility and best practices
// 100. --save writes each run's full report (JSON) and the page's trace into DIR.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
import desktopConfig from "lighthouse/core/config/desktop-config.js"
import WebSocket from "ws"
import { DEMO } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"

/** The cookies of a fresh session (refresh and hint): the dashboard's silent refresh signs the page in. */
async function sessionCookies(base: string): Promise<Array<{ name: string; value: string; path: string }>> {
  const res = await fetch(`${base}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO.coordinator),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  const cookies = res.headers.getSetCookie().map((header) => {
    const [pair = "", ...attributes] = header.split(";").map((part) => part.trim())
    const at = pair.indexOf("=")
    const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? "/"
    return { name: pair.slice(0, at), value: pair.slice(at + 1), path }
  })
  if (!cookies.some((c) => c.name === "refresh_token"))
    throw new Error("no refresh cookie in the login answer")
  return cookies
}

/** Puts the session's cookies into the browser's jar, as a signed-in person's browser holds them. */
async function setCookies(port: number, base: string, cookies: Awaited<ReturnType<typeof sessionCookies>>) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string
  }
  const socket = new WebSocket(version.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject))
  try {
    const answer = new Promise<string>((resolve) => socket.once("message", (data) => resolve(String(data))))
    socket.send(
      JSON.stringify({
        id: 1,
        method: "Storage.setCookies",
        params: {
          cookies: cookies.map((c) => ({
            ...c,
            domain: new URL(base).hostname,
            httpOnly: c.name === "refresh_token",
            sameSite: "Strict",
            expires: Date.now() / 1000 + 3600,
          })),
        },
      }),
    )
    const reply = JSON.parse(await answer) as { error?: { message: string } }
    if (reply.error) throw new Error(`Storage.setCookies failed: ${reply.error.message}`)
  } finally {
    socket.close()
  }
}

const argument = (name: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const saveDir = argument("--save")
const RUNS = Math.max(1, Number(argument("--runs") ?? 5) || 5)
// --pages /login: those pages only (a before-and-after of one page fits more runs in a quiet moment).
const askedPages = argument("--pages")?.split(",")
const PAGES = (
  [
    ["/login", false],
    ["/dashboard", true],
  ] as const
).filter(([path]) => askedPages === undefined || askedPages.includes(path))
const ALL_PRESETS = ["mobile", "desktop"] as const
type Preset = (typeof ALL_PRESETS)[number]
// --presets mobile: one preset only, for a comparison that must fit in a quiet moment of a shared machine.
const asked = argument("--presets")?.split(",")
const PRESETS = ALL_PRESETS.filter((p) => asked === undefined || asked.includes(p))

const server = await startServerProcess({ LOG_LEVEL: "warn" })
// A fresh browser (profile, cache, cookie jar) per run: no run inherits another's cache, and a signed-in run's
// session is put into the jar before Lighthouse opens the page (storage reset off for it).
const launch = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  })
type Cookies = Awaited<ReturnType<typeof sessionCookies>>
async function audit(path: string, preset: Preset, session: Cookies | null) {
  const chrome = await launch()
  try {
    if (session) await setCookies(chrome.port, server.url, session)
    const result = await lighthouse(
      `${server.url}${path}`,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        disableStorageReset: session !== null,
      },
      preset === "desktop" ? desktopConfig : undefined,
    )
    if (!result) throw new Error(`lighthouse returned nothing for ${path}`)
    return result
  } finally {
    chrome.kill()
  }
}

/**
 * One audit, made again in a fresh browser (at most twice) when Lighthouse lost the trace on a busy machine. An
 * attempt again is signed in again: the first one's refresh rotated its session's refresh cookie, and the
 * reused cookie's 401 landed the second on /login.
 */
async function measured(path: string, preset: Preset, session: Cookies | null) {
  for (let attempt = 1; ; attempt++) {
    const result = await audit(
      path,
      preset,
      attempt > 1 && session ? await sessionCookies(server.url) : session,
    )
    if (!result.lhr.runtimeError || attempt === 3) return result
    console.warn(`  ${path} (${preset}): run lost its trace (${result.lhr.runtimeError.code}), again`)
  }
}

interface RunFigures {
  readonly landed: string
  readonly performance: number
  readonly accessibility: number
  readonly bestPractices: number
  readonly fcp: number
  readonly lcp: number
  readonly tbt: number
  readonly benchmarkIndex: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2
}
const spread = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`

const rows = []
try {
  // Signed in up front: the hashing of every sign-in is over before the first page is measured.
  const sessions: Cookies[] = []
  for (let i = 0; i < RUNS * PRESETS.length; i++) sessions.push(await sessionCookies(server.url))
  for (const preset of PRESETS)
    for (const [path, signedIn] of PAGES) {
      const runs: RunFigures[] = []
      for (let run = 1; run <= RUNS; run++) {
        const result = await measured(path, preset, signedIn ? (sessions.pop() ?? null) : null)
        const lhr = result.lhr
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true })
          writeFileSync(join(saveDir, `${path.slice(1)}-${preset}-${run}.json`), JSON.stringify(lhr, null, 1))
          // The page's trace too: which tasks were long, and what ran in them, is only there.
          writeFileSync(
            join(saveDir, `${path.slice(1)}-${preset}-${run}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          )
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
        const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)
        runs.push({
          landed: new URL(lhr.finalDisplayedUrl).pathname,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          fcp: ms("first-contentful-paint"),
          lcp: ms("largest-contentful-paint"),
          tbt: ms("total-blocking-time"),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        })
        if (run === RUNS) {
          const failing = Object.values(lhr.audits).filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== "informative" &&
              a.scoreDisplayMode !== "manual",
          )
          for (const a of failing.slice(0, 8))
            console.log(`  ${path} (${preset}): ${a.id} (${a.score}) ${a.title}`)
        }
      }
      const of = (key: Exclude<keyof RunFigures, "landed">) => runs.map((r) => r[key])
      rows.push({
        page: path,
        preset,
        "landed on": [...new Set(runs.map((r) => r.landed))].join(", "),
        "perf median": median(of("performance")),
        "perf spread": spread(of("performance")),
        "FCP ms": median(of("fcp")),
        "LCP ms": median(of("lcp")),
        "TBT ms": median(of("tbt")),
        a11y: median(of("accessibility")),
        "best pr.": median(of("bestPractices")),
        benchmarkIndex: `${median(of("benchmarkIndex"))} (${spread(of("benchmarkIndex"))})`,
      })
    }
  console.log(`Lighthouse, medians of ${RUNS} runs per page and preset (spread: min–max)`)
  console.table(rows)
} finally {
  await server.close()
}
