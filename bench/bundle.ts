// `npm run bench:bundle`: the JavaScript a visit to /login downloads, counted in Chromium against the real
// server serving the build (budget: 100 KB gzipped asked for before its first paint; no firebase, no sonner at
// all), then what each signed-in page needs before it shows, read from Vite's manifest.
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { launchBrowser } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import { measureRoute, routeFiles, SIGN_IN_BUDGET_KB, SIGNED_IN_ROUTES } from "./bundle-measure"
import { byGroup, duplicated, writeTreemap } from "./bundle-treemap"
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
    "before paint": d.beforePaint,
    "raw KB": kb(d.raw),
    "gzip KB": kb(d.gzip),
    "sent KB": kb(d.transferred),
    sent: d.encoding,
  })),
)
console.log(
  `before first paint: ${kb(visit.totalGzipBeforePaint)} KB gzip (budget ${SIGN_IN_BUDGET_KB} KB) · ` +
    `whole visit: ${kb(visit.totalGzip)} KB gzip, ${kb(visit.totalTransferred)} KB sent · ` +
    `firebase: ${visit.firebase} · sonner: ${visit.sonner}`,
)

// Every signed-in page also loads the layout's chunk, the session's actors and the runtime.
console.log("\nJavaScript per signed-in route before it shows (manifest, gzip level 9)")
console.table(
  SIGNED_IN_ROUTES.map(([route, page]) => {
    const m = measureRoute(dist, page)
    return { route, "gzip KB": kb(m.totalGzip), chunks: m.chunks.length }
  }),
)
// --treemap: what each chunk holds, by module (bench/output/bundle-treemap.{json,html}), and per route by package.
if (process.argv.includes("--treemap")) {
  const files = readdirSync(join(dist, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => `assets/${f}`)
  const chunks = writeTreemap(dist, files, join("bench", "output"))
  const of = (wanted: string[]) => chunks.filter((c) => wanted.includes(c.file))
  for (const [route, page] of [["/login", null], SIGNED_IN_ROUTES[0] ?? ["/dashboard", null]] as const) {
    const held = of(routeFiles(dist, page))
    console.log(`\n${route}: what its ${held.length} chunks hold, by package or folder (gzip share, KB)`)
    console.table(
      byGroup(held)
        .slice(0, 25)
        .map((g) => ({ group: g.group, "raw KB": kb(g.raw), "gzip KB": kb(g.gzip) })),
    )
    const twice = duplicated(held)
    console.log(`modules in more than one of them: ${twice.length}`)
    if (twice.length)
      console.table(
        twice.slice(0, 10).map((d) => ({ source: d.source, "raw KB": kb(d.raw), files: d.files.join(" ") })),
      )
  }
  console.log("\nwritten: bench/output/bundle-treemap.json, bench/output/bundle-treemap.html")
}
if (visit.totalGzipBeforePaint / 1024 > SIGN_IN_BUDGET_KB || visit.firebase || visit.sonner)
  process.exitCode = 1
