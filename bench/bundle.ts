// `npm run bench:bundle`: the JavaScript a visit to /login downloads, counted in Chromium against the real
// server serving the build (budget: 125 KB gzipped for all of it, no firebase, no sonner), then what each
// signed-in page needs before it shows, read from Vite's manifest.
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { launchBrowser } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import { measureRoute, SIGN_IN_BUDGET_KB, SIGNED_IN_ROUTES } from "./bundle-measure"
import { measureLoginVisit } from "./bundle-visit"

const dist = "dist"
if (!existsSync(join(dist, ".vite", "manifest.json")) || process.argv.includes("--build")) {
  execFileSync("npx", ["vite", "build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  })
  execFileSync("node", ["scripts/compress-dist.mjs"], { stdio: "inherit" })
}

const kb = (bytes: number) => +(bytes / 1024).toFixed(1)
const server = await startServerProcess()
const browser = await launchBrowser()
let visit: Awaited<ReturnType<typeof measureLoginVisit>>
try {
  visit = await measureLoginVisit(browser, server.url)
} finally {
  await browser.close()
  await server.close()
}

console.log("route /login: every script the visit downloads (Chromium, until the network is quiet)")
console.table(
  visit.downloads.map((d) => ({
    file: d.file,
    "raw KB": kb(d.raw),
    "gzip KB": kb(d.gzip),
    "sent KB": kb(d.transferred),
    sent: d.encoding,
  })),
)
console.log(
  `total gzip: ${kb(visit.totalGzip)} KB (budget ${SIGN_IN_BUDGET_KB} KB) · sent: ${kb(visit.totalTransferred)} KB · ` +
    `firebase: ${visit.firebase} · sonner: ${visit.sonner}`,
)

// Every signed-in page also loads the layout's chunk and the session's actors.
console.log("\nJavaScript per signed-in route before it shows (manifest, gzip level 9)")
console.table(
  SIGNED_IN_ROUTES.map(([route, page]) => {
    const m = measureRoute(dist, page)
    return { route, "gzip KB": kb(m.totalGzip), chunks: m.chunks.length }
  }),
)
if (visit.totalGzip / 1024 > SIGN_IN_BUDGET_KB || visit.firebase || visit.sonner) process.exitCode = 1
