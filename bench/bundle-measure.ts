// What the sign-in route loads before it first renders: the entry chunk and everything it imports statically,
// read from Vite's manifest. Shared by the bundle benchmark and the end-to-end budget test.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"

/** ARCHITECTURE.md's budget for the sign-in route, in KB of gzipped JavaScript. */
export const SIGN_IN_BUDGET_KB = 125

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

export function measureSignIn(dist: string): { chunks: ChunkSize[]; totalGzip: number; firebase: boolean } {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  if (!entry) throw new Error("no entry chunk in the Vite manifest")
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dep of manifest[key]?.imports ?? []) visit(dep)
  }
  visit(entry)
  const chunks = [...seen]
    .map((k) => manifest[k]?.file ?? k)
    .filter((f) => f.endsWith(".js"))
    .map((file) => {
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
