// Computes, from the built chunks, what a reload of each signed-in path needs beyond what index.html already
// loads (docs/behaviour.md#early-refresh): the session's chunks, whatever they are after a change in the
// splitting, and each route's page with everything it imports. vite.config.ts writes the result into
// index.html for the early script; nothing here is listed by hand but the pages (src/views/system/page-modules.ts) and
// the imports that only load on demand.
import { resolve } from "node:path"
import type { SignedInPreloads } from "../src/schema/system/signed-in-preload.ts"

/** What the computation reads of a built chunk (a subset of rolldown's output chunk). */
export interface BuiltChunk {
  readonly fileName: string
  readonly isEntry: boolean
  readonly facadeModuleId: string | null
  readonly moduleIds: ReadonlyArray<string>
  readonly imports: ReadonlyArray<string>
  readonly dynamicImports: ReadonlyArray<string>
  /** The CSS files the chunk needs, which Vite loads beside it. */
  readonly css: ReadonlyArray<string>
}

export interface PreloadOptions {
  /** The project root: page modules are named relative to it. */
  readonly root: string
  /** The URL prefix of built files (Vite's `base`). */
  readonly base: string
  readonly publicPaths: ReadonlyArray<string>
  readonly pages: ReadonlyArray<readonly [pattern: string, module: string | null]>
  /** The page any other signed-in path redirects to; null when the signed-in routes' own chunk draws it. */
  readonly fallbackPage: string | null
  /** The sign-in form's module, a chunk of its own: a start without a session preloads it. */
  readonly signInPage: string
  /**
   * Dynamic imports a signed-in start does not make (the inspector, the support panel, push's SDK, the
   * toaster): every other chunk the app's start-up code imports dynamically is part of the session's start.
   */
  readonly onDemand: ReadonlyArray<RegExp>
}

/**
 * Route patterns (`/a/:id`) as one anchored expression matching the paths the router matches with them: any
 * one segment per parameter, an optional trailing slash (the script matches it ignoring case, as the router).
 */
export function routeExpression(patterns: ReadonlyArray<string>): string {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
  const one = (pattern: string) =>
    pattern
      .split(/:[A-Za-z]+/)
      .map(literal)
      .join("[^/]+")
  return `^(?:${patterns.map(one).join("|")})\\/?$`
}

export function signedInPreloads(
  chunks: ReadonlyArray<BuiltChunk>,
  options: PreloadOptions,
): SignedInPreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const entries = chunks.filter((chunk) => chunk.isEntry)
  const entry = entries[0]
  if (!entry || entries.length > 1) throw new Error("signed-in preload: expected exactly one entry chunk")
  const closure = (file: string, into = new Set<string>()): Set<string> => {
    if (into.has(file)) return into
    const chunk = byFile.get(file)
    if (!chunk) throw new Error(`signed-in preload: ${file} is not in the bundle`)
    into.add(file)
    for (const imported of chunk.imports) closure(imported, into)
    return into
  }
  const pageChunk = (module: string): string => {
    const id = resolve(options.root, module)
    const chunk = chunks.find((c) => c.facadeModuleId === id)
    if (!chunk) throw new Error(`signed-in preload: the page module ${module} is not a chunk of its own`)
    return chunk.fileName
  }
  // The sign-in form's chunk is a group of vite.config.ts (with its notice and styles): found by what it holds.
  const holderOf = (module: string): string => {
    const id = resolve(options.root, module)
    const chunk = chunks.find((c) => c.moduleIds.includes(id))
    if (!chunk) throw new Error(`signed-in preload: no chunk holds ${module}`)
    return chunk.fileName
  }
  const pages = new Set(options.pages.flatMap(([, module]) => (module === null ? [] : [pageChunk(module)])))
  if (options.fallbackPage !== null) pages.add(pageChunk(options.fallbackPage))
  // A chunk holding any module that loads on demand (a shared chunk has no facade to go by).
  const onDemand = (file: string) =>
    (byFile.get(file)?.moduleIds ?? []).some((id) => options.onDemand.some((test) => test.test(id)))

  const loaded = closure(entry.fileName)
  // The session's start: every chunk imported dynamically from what has loaded, and from those in turn, except
  // the pages (each route has its own) and what loads on demand.
  const shell = new Set<string>()
  const pending = [...loaded]
  for (let file = pending.shift(); file !== undefined; file = pending.shift())
    for (const target of byFile.get(file)?.dynamicImports ?? []) {
      if (pages.has(target) || onDemand(target) || loaded.has(target) || shell.has(target)) continue
      for (const needed of closure(target))
        if (!loaded.has(needed) && !shell.has(needed)) {
          shell.add(needed)
          pending.push(needed)
        }
    }

  const url = (file: string) => `${options.base}${file}`
  const cssOf = (files: Iterable<string>, except: ReadonlySet<string>) =>
    [...new Set([...files].flatMap((file) => byFile.get(file)?.css ?? []))].filter((css) => !except.has(css))
  const loadedCss = new Set(cssOf(loaded, new Set()))
  const shellCss = new Set(cssOf(shell, loadedCss))
  const filesOf = (module: string | null): string[] => {
    if (module === null) return []
    const js = [...closure(pageChunk(module))].filter((file) => !loaded.has(file) && !shell.has(file))
    return [...js, ...cssOf(closure(pageChunk(module)), new Set([...loadedCss, ...shellCss]))].map(url)
  }
  // Routes needing the same files share one expression: the list is written once.
  const byFiles = new Map<string, { files: string[]; patterns: string[] }>()
  for (const [pattern, module] of options.pages) {
    const files = filesOf(module)
    const key = files.join(" ")
    const same = byFiles.get(key)
    if (same) same.patterns.push(pattern)
    else byFiles.set(key, { files, patterns: [pattern] })
  }
  return {
    public: options.publicPaths,
    shell: [...shell, ...shellCss].map(url),
    routes: [...byFiles.values()].map(({ files, patterns }) => [routeExpression(patterns), files] as const),
    fallback: filesOf(options.fallbackPage),
    signIn: [
      ...[...closure(holderOf(options.signInPage))].filter((file) => !loaded.has(file)),
      ...cssOf(closure(holderOf(options.signInPage)), loadedCss),
    ].map(url),
  }
}

/** The JSON for a `<script type="application/json">` element: `<` escaped, so no text in it can end the element. */
export function preloadJson(preloads: SignedInPreloads): string {
  return JSON.stringify(preloads).replace(/</g, "\\u003c")
}
