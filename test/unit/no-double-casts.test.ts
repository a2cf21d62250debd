import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

// A cast through `unknown` (or to `any`) tells the compiler nothing it can check: the value's real type is
// never compared with the one claimed. A type guard, a decoding schema or the correct type says it checkably
// instead (docs/contributing.md); this keeps the rule from quietly eroding, in the code and in its tests alike.

const ROOTS = ["src", "server", "test", "scripts", "bench"]
const SOURCE = /\.[cm]?tsx?$/

// `as unknown as T` across any spacing or line break; `as any` unless prose follows ("as any other change"),
// though `as any as T` is still a cast.
const CASTS = [/\bas\s+unknown\s+as\b/g, /\bas\s+any\b(?!\s+(?!as\b)[A-Za-z_$])/g]

// A comment, or a string or template literal. Its quotes are written as \x escapes, so that this file reads right
// too; a regular expression holding a bare quote elsewhere could still mislead it.
const COMMENT_OR_STRING =
  /\/\/[^\n]*|\/\*[\s\S]*?\*\/|\x22(?:\\.|[^\x22\\\n])*\x22|\x27(?:\\.|[^\x27\\\n])*\x27|\x60(?:\\[\s\S]|[^\x60\\])*\x60/g
const blank = (text: string) => text.replace(/[^\n]/g, " ")

/** The source with its comments and string contents blanked (line breaks kept): a cast quoted there is not one. */
const withoutComments = (source: string): string =>
  source.replace(COMMENT_OR_STRING, (token) =>
    token.startsWith("/") ? blank(token) : `${token[0]}${blank(token.slice(1, -1))}${token.slice(-1)}`,
  )

/** The 1-based lines of `source` that hold a cast through `unknown` or to `any`. */
function castLines(source: string): number[] {
  const code = withoutComments(source)
  const lines = new Set<number>()
  for (const pattern of CASTS)
    for (const m of code.matchAll(pattern)) lines.add(code.slice(0, m.index).split("\n").length)
  return [...lines].sort((a, b) => a - b)
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path)
    return SOURCE.test(entry.name) ? [path] : []
  })
}

describe("no casts through unknown or to any", () => {
  it("finds the casts in a probe, across line breaks, and not in comments or prose", () => {
    const probe = [
      "const a = b as unknown as C",
      "const d = (e as any).f",
      "// a comment may say x as unknown as Y",
      "/* or as any)",
      "   over lines */ const g = 'http://h' // as any",
      "const i = j as",
      "  unknown as K",
      "const l = m as any as N",
      "// treated as any other change",
      "const o = `as unknown as p`",
    ].join("\n")
    expect(castLines(probe)).toEqual([1, 2, 6, 8])
  })

  const found = ROOTS.flatMap((root) => sourceFiles(root)).map((file) => ({
    file,
    lines: castLines(readFileSync(file, "utf8")),
  }))

  it("finds none in src, server, test, scripts and bench", () => {
    const casts = found.flatMap(({ file, lines }) => lines.map((line) => `${file}:${line}`))
    expect(casts).toEqual([])
  })
})
