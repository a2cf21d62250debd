// What the sign-in route loads before it first renders: the entry chunk, the sign-in form's and everything they
// import statically, read from Vite's manifest. Shared by the bundle benchmark and the end-to-end budget test.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"

/**
 * The sign-in route's budget, in KB of gzipped JavaScript asked for before its first paint
 * (docs/contributing.md#benchmarks).
 */
export const SIGN_IN_BUDGET_KB = 100

/** The entry of the chunk holding the root's runtime, loaded on first use (src/effects/system/app-runtime.ts). */
export const RUNTIME_ENTRY = "src/effects/system/app-runtime.ts"

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
}

export interface ChunkSize {
  readonly file: string
  readonly raw: number
  readonly gzip: number
  readonly firebase: boolean
}

const FIREBASE_CODE = /firebase|FirebaseError|@firebase\//

type Manifest = Record<string, ManifestChunk>

function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Manifest
}

function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  if (!entry) throw new Error("no entry chunk in the Vite manifest")
  return entry
}

/**
 * The manifest's key for a module: its own when the module is a chunk's facade, else the key of the chunk that
 * holds it, by the chunks' source maps (a module a group of vite.config.ts merged into a named chunk, such as the
 * signed-in layout, has no key of its own).
 */
function keyOf(dist: string, manifest: Manifest, key: string): string {
  if (manifest[key]) return key
  const source = `../../${key}`
  const holder = Object.keys(manifest).find((k) => {
    const file = manifest[k]?.file ?? ""
    const map = join(dist, `${file}.map`)
    if (!file.endsWith(".js") || !existsSync(map)) return false
    return (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources.includes(source)
  })
  if (!holder) throw new Error(`no chunk for ${key} in the Vite manifest`)
  return holder
}

/** Each key's chunk and every chunk it imports statically, without repeats. */
function closure(manifest: Manifest, keys: readonly string[], dist?: string): string[] {
  const seen = new Set<string>()
  const visit = (wanted: string) => {
    const key = dist === undefined ? wanted : keyOf(dist, manifest, wanted)
    if (seen.has(key)) return
    if (!manifest[key]) throw new Error(`no chunk for ${key} in the Vite manifest`)
    seen.add(key)
    for (const dep of manifest[key]?.imports ?? []) visit(dep)
  }
  for (const key of keys) visit(key)
  return [...seen].map((k) => manifest[k]?.file ?? k).filter((f) => f.endsWith(".js"))
}

function sizes(dist: string, files: readonly string[]) {
  const chunks: ChunkSize[] = files.map((file) => {
    const bytes = readFileSync(join(dist, file))
    return {
      file,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      firebase: FIREBASE_CODE.test(bytes.toString()),
    }
  })
  return {
    chunks,
    totalGzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
    firebase: chunks.some((c) => c.firebase),
  }
}

/**
 * The sign-in form, a chunk of its own that a signed-in start does not load: without a session index.html's
 * early script preloads it beside the entry, so the sign-in route needs it before its first paint.
 */
export const SIGN_IN_PAGE = "src/views/auth/LoginPage.tsx"

export function measureSignIn(dist: string): { chunks: ChunkSize[]; totalGzip: number; firebase: boolean } {
  return sizes(dist, routeFiles(dist, null))
}

/**
 * The dashboard's ceiling before it shows, in KB of gzipped JavaScript. The goal is 130: the session's split (the
 * rest of it loads after the first paint) brought it down from 170.5 KB; the user menu's items, the layout's
 * icons and a bell that waits for nothing load beside the page's data, and Effect's core is one chunk. The
 * change stream and the accounts' start-up machines took it to 131.2 KB; the public password pages' routes, the
 * staff and own-account routes, the awaiting-providers card, the day plan's slot and the sidebar's shared views
 * to 134.96 KB. The signed-in layout and the small parts the main pages share merged into one chunk, and the
 * runtime's entry into Effect's (vite.config.ts), took it to 133.12 KB in 7 chunks instead of 15. The sign-in
 * machine's second-factor and passkey steps (they are the root's, so in the entry) and their calls took it to
 * 135.4 KB. React's own useSyncExternalStore instead of its shim's, the sidebar's shared views with the live parts
 * and the lists' and the inbox's export views in their pages' chunks took it to 134.9 KB; one live socket for a
 * session's tabs and the list opened ahead of its page (loaded on demand, not in the layout's chunk) to 135.3 KB.
 * The records of the runtime's first calls as one chunk with Schema took it to 134.8 KB; the tabs actor's watch
 * on which tab is in use (toasts in that tab only) and the rest's services as a chunk of their own to 134.7 KB.
 * The dashboard's page in the signed-in chunk, the signed-out pages' machines loaded on demand and the sign-in
 * form as a chunk of its own (preloaded without a session) took it to 132.3 KB. The app's retries written out
 * (Effect's Schedule no longer in the runtime's chunk), preload lists that leave out the files index.html loads
 * first, the public account calls and the calls of a sign-in's steps after the password out of the runtime's
 * chunk, and the lists' and records' wording apart from the dashboard's took it to 130.9 KB. The bus's rows for the
 * facts only the rest of the session's actors and pages publish, with the rest's code, took it to 129.8 KB.
 */
export const DASHBOARD_CEILING_KB = 130

/** What a signed-in page needs before it shows: the shell, the session's actors and its own chunk. */
export const SIGNED_IN_ROUTES: ReadonlyArray<readonly [route: string, page: string]> = [
  ["/dashboard", "src/views/dashboard/DashboardPage.tsx"],
  ["/notifications", "src/views/notifications/NotificationsPage.tsx"],
  ["/website-coordinator/pending-requests (a list)", "src/views/marketplace/list-pages.tsx"],
  ["/work-request-details/{uuid} (a detail)", "src/views/marketplace/DetailPage.tsx"],
  ["/reports", "src/views/reports/ReportsPage.tsx"],
]

/** The JavaScript files the sign-in route (no page) or a signed-in page needs before it shows. */
export function routeFiles(dist: string, page: string | null): string[] {
  const manifest = readManifest(dist)
  const shell = [
    "src/views/system/signed-in-routes.tsx",
    "src/effects/system/session.actors.ts",
    RUNTIME_ENTRY,
  ]
  return closure(
    manifest,
    page === null ? [entryKey(manifest), SIGN_IN_PAGE] : [entryKey(manifest), ...shell, page],
    dist,
  )
}

export function measureRoute(dist: string, page: string) {
  return sizes(dist, routeFiles(dist, page))
}

/** The sign-in calls' endpoint records, fetched beside the runtime (src/effects/auth/load-auth-endpoints.ts). */
export const AUTH_ENDPOINTS = "src/schema/api/auth.ts"
const DECODING = "src/effects/system/decoding.ts"

/**
 * The files the runtime's chunk and the sign-in calls' endpoint records need beyond what the entry imports
 * statically: what a sign-in visit adds once it has painted.
 */
export function runtimeFiles(dist: string): string[] {
  const manifest = readManifest(dist)
  const entry = new Set(closure(manifest, [entryKey(manifest)]))
  // After its paint the sign-in page makes one call, the demo-accounts notice, whose answer is decoded.
  return closure(manifest, [RUNTIME_ENTRY, AUTH_ENDPOINTS, DECODING], dist).filter((file) => !entry.has(file))
}

/**
 * Whether a built file holds any module of the effect package, by its source map. The one file without a map is
 * the bundler's own glue (rolldown's runtime), which holds no package's code.
 */
export function holdsEffect(dist: string, file: string): boolean {
  const map = join(dist, `${file}.map`)
  if (!existsSync(map)) {
    if (/rolldown-runtime/.test(file)) return false
    throw new Error(`no source map for ${file}`)
  }
  const { sources } = JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }
  return sources.some((source) => /node_modules\/effect\//.test(source))
}

/** The built JavaScript files holding a module whose path matches, by their source maps ("assets/x.js"). */
export function filesHolding(dist: string, source: RegExp): string[] {
  return readdirSync(join(dist, "assets"))
    .filter((file) => file.endsWith(".js") && existsSync(join(dist, "assets", `${file}.map`)))
    .filter((file) => {
      const map = JSON.parse(readFileSync(join(dist, "assets", `${file}.map`), "utf8")) as {
        sources: string[]
      }
      return map.sources.some((s) => source.test(s))
    })
    .map((file) => `assets/${file}`)
}

/** The chart library's modules (src/views/reports/use-uplot.ts), which only /reports may load. */
export const CHART_LIBRARY = /node_modules\/uplot\//
