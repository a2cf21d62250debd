// Prints the gzipped JavaScript that the sign-in route loads: the entry chunk and its static imports.
// Budget (ARCHITECTURE.md): at most 125 KB gzipped, and no firebase code in it.
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { measureRoute, measureSignIn, SIGN_IN_BUDGET_KB, SIGNED_IN_ROUTES } from "./bundle-measure"

const dist = "dist"
if (!existsSync(join(dist, ".vite", "manifest.json")) || process.argv.includes("--build")) {
  execFileSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" })
}
const { chunks, totalGzip, firebase } = measureSignIn(dist)

console.log("route /login: JavaScript loaded before first render")
console.table(
  chunks.map((c) => ({
    file: c.file,
    "raw KB": +(c.raw / 1024).toFixed(1),
    "gzip KB": +(c.gzip / 1024).toFixed(1),
  })),
)
console.log(
  `total gzip: ${(totalGzip / 1024).toFixed(1)} KB (budget ${SIGN_IN_BUDGET_KB} KB) · firebase present: ${firebase}`,
)

// Every signed-in page also loads the layout's chunk and the session's actors; firebase, once push lands,
// belongs to none of these before the push machine asks for it.
const kb = (bytes: number) => +(bytes / 1024).toFixed(1)
console.log("\nJavaScript per route before it shows (gzip level 9)")
console.table([
  { route: "/login", "gzip KB": kb(totalGzip), chunks: chunks.length },
  ...SIGNED_IN_ROUTES.map(([route, page]) => {
    const m = measureRoute(dist, page)
    return { route, "gzip KB": kb(m.totalGzip), chunks: m.chunks.length }
  }),
])
if (totalGzip / 1024 > SIGN_IN_BUDGET_KB || firebase) process.exitCode = 1
