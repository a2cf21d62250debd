import { dirname, posix } from "node:path"

// The checks behind doc-citations.test.ts, as pure functions over a repository given as text, so that the test
// can run them on the real files and on made-up ones alike. The repository explains itself: a comment states a
// rule or links the docs/ page that does, and every link and every file a comment names must exist.

/** Documents the code used to cite that are not in the repository (the product brief and its notes). */
export const FOREIGN_DOCUMENTS: ReadonlyArray<{ readonly name: string; readonly pattern: RegExp }> = [
  // Upper case and whole words: FUZZ_SPECS or VITE_XSTATE_INSPECT are names, not citations.
  { name: "the product specification", pattern: /\bSPEC(?:\.md|'s)?\b/g },
  { name: "the product specification", pattern: /\bthe\s+spec\b/gi },
  { name: "a numbered section of a document", pattern: /\u00a7/g },
  { name: "the architecture brief", pattern: /\bARCHITECTURE(?:\.md)?\b/g },
  { name: "the notes on library versions", pattern: /\bSTACK[-_ ]NOTES\b/gi },
  { name: "the style brief", pattern: /\bSTYLE\.md\b/g },
]

export interface Problem {
  readonly file: string
  readonly line: number
  readonly what: string
}

/** The repository as the checks see it. */
export interface Repo {
  /** The files to check, by path relative to the root (posix separators), with their text. */
  readonly files: ReadonlyMap<string, string>
  /** Whether a path (a file or a folder) exists in the repository. */
  readonly exists: (path: string) => boolean
  /** The text of a file that may not be among `files` (a linked page); null when there is none. */
  readonly read: (path: string) => string | null
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split("\n").length

const isMarkdown = (file: string) => file.endsWith(".md")

/** Citations of documents that are not in the repository, anywhere in a file's text. */
export function foreignCitations(file: string, text: string): Problem[] {
  const found: Problem[] = []
  for (const { name, pattern } of FOREIGN_DOCUMENTS)
    for (const match of text.matchAll(pattern))
      found.push({ file, line: lineOf(text, match.index), what: `cites ${name}: "${match[0]}"` })
  return found.sort((a, b) => a.line - b.line)
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, each space a hyphen. */
export function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-")
}

/** Every anchor a markdown page offers: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    if (fenced) continue
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading?.[1] !== undefined) {
      const slug = slugOf(heading[1])
      const count = seen.get(slug) ?? 0
      seen.set(slug, count + 1)
      anchors.add(count === 0 ? slug : `${slug}-${count}`)
    }
    for (const explicit of line.matchAll(/\b(?:id|name)=["']([^"']+)["']/g))
      if (explicit[1] !== undefined) anchors.add(explicit[1])
  }
  return anchors
}

interface Link {
  readonly line: number
  readonly raw: string
  /** The linked file, relative to the root; the linking file itself for `#anchor`. */
  readonly path: string
  readonly anchor: string | null
}

/** Links to pages of docs/: `docs/<page>.md#<anchor>` anywhere, and in markdown every relative link target. */
export function linksIn(file: string, text: string): Link[] {
  const links: Link[] = []
  for (const match of text.matchAll(/(?<![\w/.-])(docs\/[\w./-]*[\w-]\.md)(?:#([\w-]*))?/g))
    links.push({
      line: lineOf(text, match.index),
      raw: match[0],
      path: match[1] ?? "",
      anchor: match[2] ?? null,
    })
  if (!isMarkdown(file)) return links
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? ""
    // Other sites and the running server's own paths are not files of the repository.
    if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith("/")) continue
    const [path = "", anchor] = target.split("#")
    const resolved = path === "" ? file : posix.normalize(posix.join(dirname(file), path))
    links.push({ line: lineOf(text, match.index), raw: target, path: resolved, anchor: anchor ?? null })
  }
  return links
}

/** Links whose file or anchor does not exist. */
export function brokenLinks(repo: Repo, file: string, text: string): Problem[] {
  const problems: Problem[] = []
  for (const link of linksIn(file, text)) {
    const problem = (what: string) => problems.push({ file, line: link.line, what: `${link.raw}: ${what}` })
    if (!repo.exists(link.path)) {
      problem(`${link.path} does not exist`)
      continue
    }
    if (link.anchor === null || !link.path.endsWith(".md")) continue
    const page = repo.files.get(link.path) ?? repo.read(link.path)
    if (page === null) problem(`${link.path} cannot be read`)
    else if (!anchorsOf(page).has(link.anchor)) problem(`${link.path} has no anchor #${link.anchor}`)
  }
  return problems
}

/** The comment part of each line of a source file (whole lines of markdown), with its line number. */
export function commentsOf(file: string, text: string): Array<{ line: number; text: string }> {
  const lines = text.split("\n")
  if (isMarkdown(file)) return lines.map((t, i) => ({ line: i + 1, text: t }))
  const hashComments = /\.(conf|example|sh)$/.test(file) || !/\.[a-z]+$/i.test(file.split("/").pop() ?? "")
  const out: Array<{ line: number; text: string }> = []
  lines.forEach((raw, i) => {
    const trimmed = raw.trimStart()
    if (hashComments) {
      if (trimmed.startsWith("#")) out.push({ line: i + 1, text: trimmed })
      return
    }
    if (/^(\/\/|\/\*|\*)/.test(trimmed)) out.push({ line: i + 1, text: trimmed })
    else {
      // A comment after code; `://` is a URL's, not a comment's.
      const at = raw.search(/(?<!:)\/\/\s/)
      if (at > 0) out.push({ line: i + 1, text: raw.slice(at) })
    }
  })
  return out
}

const REPO_PATH =
  /(?<![\w./-])((?:src|server|scripts|test|bench|deploy|public|docs)\/[\w./-]*[\w-]\.(?:ts|tsx|mts|mjs|js|json|md|conf|css|html|svg))\b/g

/** Files of the repository a comment names (with an extension, so that a folder or a pattern is not one). */
export function missingFiles(repo: Repo, file: string, text: string): Problem[] {
  const problems: Problem[] = []
  for (const comment of commentsOf(file, text))
    for (const match of comment.text.matchAll(REPO_PATH)) {
      const path = match[1] ?? ""
      if (!repo.exists(path))
        problems.push({ file, line: comment.line, what: `names ${path}, which does not exist` })
    }
  return problems
}

/** Every problem of every file to check. */
export function checkRepo(repo: Repo): Problem[] {
  const problems: Problem[] = []
  for (const [file, text] of repo.files)
    problems.push(
      ...foreignCitations(file, text),
      ...brokenLinks(repo, file, text),
      ...missingFiles(repo, file, text),
    )
  return problems
}

export const describeProblem = (p: Problem): string => `${p.file}:${p.line}: ${p.what}`
