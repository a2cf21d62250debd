// Lighthouse (the npm package, driving Debian's Chromium) on /login and on /dashboard signed in, against the
// real server on a fresh embedded database. Prints the four category scores per page.
// Usage: npm run bench:lighthouse (needs `npx vite build` first). Goal: performance ≥ 98, accessibility 100,
// best practices 100.
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
import { DEMO } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"

/** The refresh cookie of a fresh session: the dashboard's silent refresh signs the audited page in with it. */
async function sessionCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO.coordinator),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("refresh"))
  if (!cookie) throw new Error("no refresh cookie in the login answer")
  return cookie.split(";")[0] ?? ""
}

const server = await startServerProcess({ LOG_LEVEL: "warn" })
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
})
try {
  const rows = []
  for (const [path, signedIn] of [
    ["/login", false],
    ["/dashboard", true],
  ] as const) {
    const extraHeaders = signedIn ? { Cookie: await sessionCookie(server.url) } : undefined
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(extraHeaders ? { extraHeaders } : {}),
    })
    if (!result) throw new Error(`lighthouse returned nothing for ${path}`)
    const { categories, finalDisplayedUrl } = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    rows.push({
      page: path,
      "landed on": new URL(finalDisplayedUrl).pathname,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best practices": score("best-practices"),
      seo: score("seo"),
    })
    const failing = Object.values(result.lhr.audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== "informative" &&
        a.scoreDisplayMode !== "manual",
    )
    for (const audit of failing.slice(0, 12))
      console.log(`  ${path}: ${audit.id} (${audit.score}) ${audit.title}`)
  }
  console.log("Lighthouse scores (desktop-independent default: mobile emulation, simulated throttling)")
  console.table(rows)
} finally {
  await chrome.kill()
  await server.close()
}
