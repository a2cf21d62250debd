// Prints the gzipped JavaScript that the sign-in route loads: the entry chunk and its static imports.
// Budget (ARCHITECTURE.md): at most 125 KB gzipped, and no firebase code in it.
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

const BUDGET_KB = 125
const dist = "dist"
const manifestPath = join(dist, ".vite", "manifest.json")
if (!existsSync(manifestPath) || process.argv.includes("--build")) {
  execFileSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" })
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>

/** The chunks a page loads before it runs: the entry and everything it imports statically. */
export function staticClosure(entryKey: string): string[] {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dep of manifest[key]?.imports ?? []) visit(dep)
  }
  visit(entryKey)
  return [...seen].map((k) => manifest[k]?.file ?? k)
}

const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry)
if (!entry) throw new Error("no entry chunk in the Vite manifest")
const files = staticClosure(entry).filter((f) => f.endsWith(".js"))
const rows = files.map((file) => {
  const bytes = readFileSync(join(dist, file))
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, text: bytes.toString() }
})
const total = rows.reduce((sum, r) => sum + r.gzip, 0)
const firebase = rows.some((r) => /firebase|FirebaseError|@firebase\//.test(r.text))

console.log("route /login: JavaScript loaded before first render")
console.table(
  rows.map((r) => ({
    file: r.file,
    "raw KB": +(r.raw / 1024).toFixed(1),
    "gzip KB": +(r.gzip / 1024).toFixed(1),
  })),
)
console.log(
  `total gzip: ${(total / 1024).toFixed(1)} KB (budget ${BUDGET_KB} KB) · firebase present: ${firebase}`,
)
if (total / 1024 > BUDGET_KB || firebase) process.exitCode = 1
