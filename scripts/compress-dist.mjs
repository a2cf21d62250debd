// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text asset in dist/, which
// @fastify/static serves to browsers that accept them (preCompressed), so no request pays for compression.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { extname, join } from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"

const TEXT = new Set([".js", ".css", ".html", ".svg", ".json", ".txt", ".webmanifest"])
const dist = process.argv[2] ?? "dist"

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

let written = 0
for (const path of files(dist)) {
  if (!TEXT.has(extname(path)) || path.includes(`${join(dist, ".vite")}`)) continue
  const raw = readFileSync(path)
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
  const gz = gzipSync(raw, { level: 9 })
  // A copy that saves nothing is not worth a file (tiny files): the original is served instead.
  if (br.length < raw.length) writeFileSync(`${path}.br`, br)
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz)
  written += 1
}
console.log(`compressed ${written} files in ${dist}`)
