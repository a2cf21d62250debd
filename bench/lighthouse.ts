// Lighthouse (the npm package, driving Debian's Chromium) on /login and on /dashboard signed in, against the
// real server on a fresh embedded database. Prints the four category scores per page.
// Usage: npm run bench:lighthouse [-- --save DIR] (needs `npx vite build` first). Goal: performance ≥ 98,
// accessibility 100, best practices 100. --save writes each page's full report (JSON) into DIR.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"
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

const saveAt = process.argv.indexOf("--save")
const saveDir = saveAt > 0 ? process.argv[saveAt + 1] : undefined

const server = await startServerProcess({ LOG_LEVEL: "warn" })
// A fresh browser (profile, cache, cookie jar) per page: the signed-in audit must not inherit the first one's
// cache, and its session is put into the jar before Lighthouse opens the page (storage reset off for it).
const launch = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  })
async function audit(path: string, signedIn: boolean) {
  const chrome = await launch()
  try {
    if (signedIn) await setCookies(chrome.port, server.url, await sessionCookies(server.url))
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      disableStorageReset: signedIn,
    })
    if (!result) throw new Error(`lighthouse returned nothing for ${path}`)
    return result
  } finally {
    chrome.kill()
  }
}

const rows = []
try {
  for (const [path, signedIn] of [
    ["/login", false],
    ["/dashboard", true],
  ] as const) {
    // Lighthouse sometimes loses the trace on a busy machine (runtimeError NO_NAVSTART, every score 0): such a
    // run measured nothing, and is made again in a fresh browser, at most twice.
    let result: Awaited<ReturnType<typeof audit>> | undefined
    for (let attempt = 1; attempt <= 3; attempt++) {
      result = await audit(path, signedIn)
      if (!result.lhr.runtimeError) break
      console.warn(`  ${path}: run ${attempt} lost its trace (${result.lhr.runtimeError.code}), again`)
    }
    if (!result) throw new Error(`lighthouse returned nothing for ${path}`)
    const { categories, finalDisplayedUrl } = result.lhr
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true })
      writeFileSync(join(saveDir, `${path.slice(1)}.json`), JSON.stringify(result.lhr, null, 1))
    }
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
    for (const a of failing.slice(0, 12)) console.log(`  ${path}: ${a.id} (${a.score}) ${a.title}`)
  }
  console.log("Lighthouse scores (desktop-independent default: mobile emulation, simulated throttling)")
  console.table(rows)
} finally {
  await server.close()
}
