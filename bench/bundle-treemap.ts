// What each chunk of the build holds: every source module's share of each JavaScript chunk, read from the
// build's source maps (each generated segment counts for the module it maps to). Written as
// bench/output/bundle-treemap.json and a treemap page, bench/output/bundle-treemap.html, by
// `npm run bench:bundle -- --treemap`. A module's gzip figure is its share of the chunk's gzipped size in
// proportion to its raw bytes: gzip compresses a chunk as one text, so a module has no gzipped size of its own.
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"

export interface ModuleShare {
  readonly source: string
  /** The package (node_modules) or the app's folder the module belongs to. */
  readonly group: string
  readonly raw: number
  readonly gzip: number
}

export interface ChunkMap {
  readonly file: string
  readonly raw: number
  readonly gzip: number
  readonly modules: ReadonlyArray<ModuleShare>
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

/** One line of a source map's `mappings`: each segment's generated column and source index (if any). */
function decodeLine(
  line: string,
  state: { source: number },
): Array<{ column: number; source: number | null }> {
  const segments: Array<{ column: number; source: number | null }> = []
  let column = 0
  for (const segment of line.split(",")) {
    if (segment === "") continue
    const fields: number[] = []
    let value = 0
    let shift = 0
    for (const char of segment) {
      const digit = BASE64.indexOf(char)
      value += (digit & 31) << shift
      if (digit & 32) shift += 5
      else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
        value = 0
        shift = 0
      }
    }
    column += fields[0] ?? 0
    if (fields.length >= 4) {
      state.source += fields[1] ?? 0
      segments.push({ column, source: state.source })
    } else segments.push({ column, source: null })
  }
  return segments
}

/** A module's name without the build's relative prefix; its group is its package or its app folder. */
function nameOf(source: string): { source: string; group: string } {
  const path = source.replace(/^(\.\.\/)+/, "").replace(/^\/?work\/[^/]+\//, "")
  const inPackage = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/)
  if (inPackage) return { source: `${inPackage[1]}/${inPackage[2]}`, group: inPackage[1] ?? path }
  const folder = path.split("/").slice(0, -1).join("/")
  return { source: path, group: folder || path }
}

export function chunkMap(dist: string, file: string): ChunkMap {
  const code = readFileSync(join(dist, file), "utf8")
  const mapFile = join(dist, `${file}.map`)
  // A chunk the bundler wrote itself (its runtime) has no map: it counts as one module.
  const map = existsSync(mapFile)
    ? (JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string })
    : {
        sources: [file],
        mappings: code
          .split("\n")
          .map(() => "AAAA")
          .join(";"),
      }
  const bytes = new Map<string, number>()
  const add = (source: string, n: number) => bytes.set(source, (bytes.get(source) ?? 0) + n)
  const lines = code.split("\n")
  const state = { source: 0 }
  map.mappings.split(";").forEach((mapped, index) => {
    const text = lines[index] ?? ""
    const segments = decodeLine(mapped, state)
    const first = segments[0]?.column ?? text.length
    if (first > 0) add("(unmapped)", Buffer.byteLength(text.slice(0, first)))
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.column ?? text.length
      const n = Buffer.byteLength(text.slice(segment.column, end))
      add(segment.source === null ? "(unmapped)" : (map.sources[segment.source] ?? "(unknown)"), n)
    })
    add("(unmapped)", 1) // the line's newline
  })
  const raw = Buffer.byteLength(code)
  const gzip = gzipSync(code, { level: 9 }).length
  const merged = new Map<string, ModuleShare>()
  for (const [source, n] of bytes) {
    const named = nameOf(source)
    const before = merged.get(named.source)
    merged.set(named.source, { ...named, raw: (before?.raw ?? 0) + n, gzip: 0 })
  }
  const modules = [...merged.values()]
    .map((m) => ({ ...m, gzip: Math.round((gzip * m.raw) / raw) }))
    .sort((a, b) => b.raw - a.raw)
  return { file, raw, gzip, modules }
}

/** Totals per group (package or app folder) over some chunks, largest first. */
export function byGroup(
  chunks: ReadonlyArray<ChunkMap>,
): Array<{ group: string; raw: number; gzip: number }> {
  const groups = new Map<string, { group: string; raw: number; gzip: number }>()
  for (const chunk of chunks)
    for (const m of chunk.modules) {
      const g = groups.get(m.group) ?? { group: m.group, raw: 0, gzip: 0 }
      groups.set(m.group, { group: m.group, raw: g.raw + m.raw, gzip: g.gzip + m.gzip })
    }
  return [...groups.values()].sort((a, b) => b.gzip - a.gzip)
}

/** Modules that more than one chunk holds: the same code downloaded twice by a page that loads both. */
export function duplicated(
  chunks: ReadonlyArray<ChunkMap>,
): Array<{ source: string; files: string[]; raw: number }> {
  const seen = new Map<string, { files: string[]; raw: number }>()
  for (const chunk of chunks)
    for (const m of chunk.modules) {
      if (m.source.startsWith("(")) continue
      const s = seen.get(m.source) ?? { files: [], raw: 0 }
      seen.set(m.source, { files: [...s.files, chunk.file], raw: s.raw + m.raw })
    }
  return [...seen.entries()]
    .filter(([, s]) => s.files.length > 1)
    .map(([source, s]) => ({ source, ...s }))
    .sort((a, b) => b.raw - a.raw)
}

/** A page drawing each chunk as a box divided among its groups and modules (slice and dice), by gzip share. */
export function treemapPage(chunks: ReadonlyArray<ChunkMap>): string {
  const data = JSON.stringify(
    chunks.map((c) => ({
      name: `${c.file} (${(c.gzip / 1024).toFixed(1)} KB gzip)`,
      size: c.gzip,
      children: byGroup([c]).map((g) => ({
        name: `${g.group} (${(g.gzip / 1024).toFixed(1)} KB)`,
        size: g.gzip,
        children: c.modules
          .filter((m) => m.group === g.group)
          .map((m) => ({ name: `${m.source} (${(m.gzip / 1024).toFixed(1)} KB)`, size: m.gzip })),
      })),
    })),
  )
  return `<!doctype html><meta charset="utf-8"><title>Bundle treemap</title>
<style>body{font:12px system-ui;margin:0}div.n{position:absolute;box-sizing:border-box;border:1px solid #fff;overflow:hidden;padding:2px}</style>
<div id="t" style="position:relative;width:100vw;height:100vh"></div>
<script>
const data=${data};
const colours=["#4e79a7","#f28e2b","#e15759","#76b7b2","#59a14f","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac"];
function lay(nodes,x,y,w,h,depth,into){
  const total=nodes.reduce((s,n)=>s+n.size,0)||1;let at=0;
  for(const [i,n] of nodes.entries()){
    const f=n.size/total;const box=depth%2===0?[x+at*w,y,w*f,h]:[x,y+at*h,w,h*f];at+=f;
    const d=document.createElement("div");d.className="n";d.title=n.name;
    Object.assign(d.style,{left:box[0]+"px",top:box[1]+"px",width:box[2]+"px",height:box[3]+"px",background:depth===0?"#222":colours[i%colours.length]+(depth===1?"":"99"),color:depth===0?"#fff":"#000"});
    d.textContent=box[2]>60&&box[3]>14?n.name:"";into.appendChild(d);
    if(n.children&&box[2]>8&&box[3]>8)lay(n.children,box[0]+2,box[1]+14,box[2]-4,box[3]-16,depth+1,into);
  }
}
const t=document.getElementById("t");lay(data,0,0,t.clientWidth,t.clientHeight,0,t);
</script>`
}

export function writeTreemap(dist: string, files: ReadonlyArray<string>, out: string): ChunkMap[] {
  const chunks = files.map((file) => chunkMap(dist, file))
  writeFileSync(join(out, "bundle-treemap.json"), `${JSON.stringify(chunks, null, 1)}\n`)
  writeFileSync(join(out, "bundle-treemap.html"), treemapPage(chunks))
  return chunks
}
