import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import {
  anchorsOf,
  checkRepo,
  commentsOf,
  describeProblem,
  foreignCitations,
  linksIn,
  type Repo,
  slugOf,
} from "./doc-citations"

// A newcomer who clones the repository needs nothing outside it: a comment states the rule it relies on or
// links the docs/ page that does (docs/contributing.md#house-rules). This fails on a citation of a document
// that is not in the repository, on a link to a docs/ page or anchor that does not exist, and on a comment
// naming a file that does not exist. Quoting a product text as a test's value is fine: only citations fail.

const ROOT = fileURLToPath(new URL("../..", import.meta.url))

/** Where comments and links live; recorded traces and fixtures are data, not prose. */
const FOLDERS = ["src", "server", "scripts", "test", "bench", "deploy", "public", "docs", ".ci"]
const TOP_FILES = [
  "README.md",
  "biome.json",
  "package.json",
  "tsconfig.json",
  "vite.config.ts",
  "index.html",
  ".env.example",
]
const SKIPPED = new Set(["node_modules", "dist", "data", "test-results", "test/traces", "test/fixtures"])
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|json|md|conf|html|css|svg|example)$|^[^.]+$/

function walk(dir: string): string[] {
  if (SKIPPED.has(dir) || !existsSync(join(ROOT, dir))) return []
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`
    if (SKIPPED.has(name) || SKIPPED.has(path)) return []
    if (statSync(join(ROOT, path)).isDirectory()) return walk(path)
    return TEXT.test(name) ? [path] : []
  })
}

function realRepo(): Repo {
  const paths = [...FOLDERS.flatMap(walk), ...TOP_FILES.filter((f) => existsSync(join(ROOT, f)))]
  const read = (path: string) =>
    existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), "utf8") : null
  return {
    files: new Map(paths.map((path) => [path, read(path) ?? ""])),
    exists: (path) => existsSync(join(ROOT, path)),
    read,
  }
}

/** A made-up repository: its files exist, as do the folders that hold them. */
function fakeRepo(files: Record<string, string>): Repo {
  const map = new Map(Object.entries(files))
  const exists = (path: string) =>
    map.has(path) || [...map.keys()].some((file) => file.startsWith(`${path.replace(/\/$/, "")}/`))
  return { files: map, exists, read: (path) => map.get(path) ?? null }
}

// Built from pieces, so that this file does not cite what it tests for.
const SP = ["S", "P", "E", "C"].join("")
const SECTION = "\u00a7"
const ARCH = ["ARCHI", "TECTURE"].join("")
// Paths too: a comment in this file naming a file that does not exist would be a real problem.
const DOCS = "docs"
const SRC = "src"

describe("the repository explains itself", () => {
  const repo = realRepo()

  it("scans the code, the tests, the docs and the README", () => {
    const files = [...repo.files.keys()]
    for (const expected of [
      "src/constants.ts",
      "server/main.ts",
      "test/unit/doc-citations.test.ts",
      "docs/behaviour.md",
      "README.md",
      "deploy/nginx.conf",
    ])
      expect(files).toContain(expected)
    expect(files.some((f) => f.startsWith("test/traces/"))).toBe(false)
  })

  it("cites no document outside the repository, links only existing docs anchors, names only existing files", () => {
    expect(checkRepo(repo).map(describeProblem)).toEqual([])
  })
})

describe("the detectors", () => {
  it("find citations of the product brief, its sections and its notes", () => {
    const text = [
      `// Wait 500 ms (${SP} ${SECTION}7).`,
      `/** Exactly the state of ${SP}.md section 3. */`,
      `it("throws ${SP}'s message")`,
      `// see ${ARCH}.md, or ${ARCH} "API beyond"`,
      `// STACK-${"NOTES"} ${SECTION}2`,
      "// per STYLE" + ".md",
      "// not in the " + "spec: long enough",
    ].join("\n")
    expect(foreignCitations("x.ts", text).map((p) => p.line)).toEqual([1, 1, 2, 3, 4, 4, 5, 5, 6, 7])
  })

  it("leave names and quoted product texts alone", () => {
    const text = [
      "export const FUZZ_SPECS = {}",
      "import.meta.env.VITE_XSTATE_INSPECT",
      "// the auth status (docs/behaviour.md#auth-status), see docs/architecture.md#layers",
      'expect(text).toBe("Refresh token expired or invalid.")',
      "const spec = FUZZ_SPECS[key] // each route with its spec",
      "// the specification of a route",
    ].join("\n")
    expect(foreignCitations("x.ts", text)).toEqual([])
  })

  it("compute GitHub's anchors, repeats and explicit ids included", () => {
    expect(slugOf("Why XState `emit`, not an Effect PubSub")).toBe("why-xstate-emit-not-an-effect-pubsub")
    expect(slugOf("Several instances on one PostgreSQL")).toBe("several-instances-on-one-postgresql")
    expect(slugOf("What the [client](x.md) shows")).toBe("what-the-client-shows")
    const page = '# Title\n## Notes\n```sh\n# not a heading\n```\n## Notes\n<a id="refresh-queue"></a>\n'
    expect([...anchorsOf(page)].sort()).toEqual(["notes", "notes-1", "refresh-queue", "title"])
  })

  it("read links in code and relative links in markdown", () => {
    expect(
      linksIn("src/a.ts", "// see docs/behaviour.md#refresh-queue.").map((l) => [l.path, l.anchor]),
    ).toEqual([["docs/behaviour.md", "refresh-queue"]])
    const md = "[a](architecture.md#layers) [b](#here) [c](https://example.com/x.md) [d](/api/docs/)"
    expect(linksIn("docs/contributing.md", md).map((l) => [l.path, l.anchor])).toEqual([
      ["docs/architecture.md", "layers"],
      ["docs/contributing.md", "here"],
    ])
  })

  it("take comments, not code, from source files", () => {
    const text = `const url = "http://x/${SRC}/gone.ts"\nfoo() // ${SRC}/a.ts\n  // ${SRC}/b.ts\n * ${SRC}/c.ts`
    expect(commentsOf("x.ts", text).map((c) => c.line)).toEqual([2, 3, 4])
    expect(commentsOf("deploy/x.conf", `# ${SRC}/a.ts\nlisten 80;`).map((c) => c.line)).toEqual([1])
  })

  it("report every kind of problem in a made-up repository, and nothing in a sound one", () => {
    const sound = fakeRepo({
      "docs/behaviour.md": "# Behaviour\n## Refresh queue\nSee [layers](architecture.md#layers).\n",
      "docs/architecture.md": "## Layers\n",
      "src/a.ts": `// The queue (docs/behaviour.md#refresh-queue); its actors are in ${SRC}/b.ts.\n`,
      "src/b.ts": "export const b = 1\n",
    })
    expect(checkRepo(sound)).toEqual([])

    const broken = fakeRepo({
      "docs/behaviour.md":
        "## Refresh queue\nSee [layers](architecture.md#layer) and [ops](operations.md).\n",
      "docs/architecture.md": "## Layers\n",
      "src/a.ts": [
        `// One refresh (${SP} ${SECTION}4).`,
        `// The queue (${DOCS}/behaviour.md#refresh-qeue).`,
        `// Provided from ${SRC}/effects/gone-actions.ts.`,
        `// Explained in ${DOCS}/missing.md.`,
      ].join("\n"),
    })
    expect(checkRepo(broken).map(describeProblem)).toEqual([
      `docs/behaviour.md:2: architecture.md#layer: docs/architecture.md has no anchor #layer`,
      "docs/behaviour.md:2: operations.md: docs/operations.md does not exist",
      `src/a.ts:1: cites the product specification: "${SP}"`,
      `src/a.ts:1: cites a numbered section of a document: "${SECTION}"`,
      `src/a.ts:2: ${DOCS}/behaviour.md#refresh-qeue: docs/behaviour.md has no anchor #refresh-qeue`,
      `src/a.ts:4: ${DOCS}/missing.md: ${DOCS}/missing.md does not exist`,
      `src/a.ts:3: names ${SRC}/effects/gone-actions.ts, which does not exist`,
      `src/a.ts:4: names ${DOCS}/missing.md, which does not exist`,
    ])
  })
})
