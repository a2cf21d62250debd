// What the build tells index.html's early script to preload on each signed-in path
// (docs/behaviour.md#early-refresh), computed from a bundle described here; and the table of page modules it
// starts from, held equal to the routes the app draws.
import { describe, expect, it } from "vitest"
import {
  type BuiltChunk,
  preloadJson,
  routeExpression,
  signedInPreloads,
} from "../../scripts/signed-in-preload"
import { ROUTES } from "../../src/schema/system/app-routes"
import { PAGE_MODULES } from "../../src/views/system/page-modules"
import { signedInRoutePatterns } from "../../src/views/system/signed-in-routes"

const chunk = (fileName: string, parts: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  imports: [],
  dynamicImports: [],
  css: [],
  ...parts,
})

// The entry loads boot; it imports the routes, the session's actors, the inspector and the sign-in form dynamically; the routes
// import two pages, which share a chunk; the session's actors import the runtime (which the entry also loads)
// and push's SDK dynamically.
const bundle: BuiltChunk[] = [
  chunk("index.js", {
    isEntry: true,
    imports: ["boot.js"],
    dynamicImports: ["routes.js", "actors.js", "inspect.js", "login.js"],
    css: ["index.css"],
  }),
  chunk("boot.js"),
  // The sign-in form: on demand for a signed-in start, preloaded without a session.
  chunk("login.js", {
    facadeModuleId: "/app/src/Login.tsx",
    imports: ["boot.js", "icons.js"],
    moduleIds: ["/app/src/Login.tsx"],
    css: ["login.css", "index.css"],
  }),
  chunk("routes.js", {
    facadeModuleId: "/app/src/routes.tsx",
    imports: ["boot.js", "icons.js"],
    dynamicImports: ["dash.js", "detail.js"],
    css: ["routes.css", "index.css"],
  }),
  chunk("icons.js"),
  chunk("actors.js", {
    facadeModuleId: "/app/src/actors.ts",
    imports: ["boot.js"],
    dynamicImports: ["lazy.js", "push.js"],
  }),
  chunk("lazy.js", { facadeModuleId: "/app/src/runtime.ts", imports: ["boot.js"] }),
  chunk("push.js", { facadeModuleId: "/app/src/push-sdk.ts", moduleIds: ["/app/node_modules/sdk/index.js"] }),
  chunk("inspect.js", { moduleIds: ["/app/node_modules/inspector/index.js"] }),
  chunk("dash.js", {
    facadeModuleId: "/app/src/Dash.tsx",
    imports: ["shared.js", "icons.js"],
    css: ["dash.css"],
  }),
  chunk("detail.js", { facadeModuleId: "/app/src/Detail.tsx", imports: ["shared.js"], css: ["routes.css"] }),
  chunk("shared.js", { css: ["shared.css"] }),
]
const options = {
  root: "/app",
  base: "/assets/",
  publicPaths: ["/login"],
  pages: [
    ["/dashboard", "src/Dash.tsx"],
    ["/items/:id", "src/Detail.tsx"],
    ["/other/:id", "src/Detail.tsx"],
    ["/billing", null],
  ] as const,
  fallbackPage: "src/Dash.tsx",
  signInPage: "src/Login.tsx",
  onDemand: [/[\\/]inspector[\\/]/, /[\\/]sdk[\\/]/, /[\\/]Login\.tsx$/],
}

describe("the signed-in preloads computed from the bundle", () => {
  const preloads = signedInPreloads(bundle, options)

  it("gives the session's chunks beyond the entry's: what it imports dynamically at start, in turn, and their CSS", () => {
    expect(preloads.shell).toEqual([
      "/assets/routes.js",
      "/assets/icons.js",
      "/assets/actors.js",
      "/assets/lazy.js",
      "/assets/routes.css",
    ])
    expect(preloads.public).toEqual(["/login"])
  })

  it("gives each route its page with what the page imports, without what the entry or the session brings", () => {
    expect(preloads.routes).toEqual([
      [
        "^(?:\\/dashboard)\\/?$",
        ["/assets/dash.js", "/assets/shared.js", "/assets/dash.css", "/assets/shared.css"],
      ],
      [
        "^(?:\\/items\\/[^/]+|\\/other\\/[^/]+)\\/?$",
        ["/assets/detail.js", "/assets/shared.js", "/assets/shared.css"],
      ],
      ["^(?:\\/billing)\\/?$", []],
    ])
    expect(preloads.fallback).toEqual(preloads.routes[0]?.[1])
  })

  it("gives the sign-in form's chunks beyond the entry's, with their CSS, apart from the session's", () => {
    expect(preloads.signIn).toEqual(["/assets/login.js", "/assets/icons.js", "/assets/login.css"])
    expect(preloads.shell).not.toContain("/assets/login.js")
  })

  it("fails the build when a page module is not a chunk of its own, or the bundle has no single entry", () => {
    expect(() => signedInPreloads(bundle, { ...options, pages: [["/x", "src/Gone.tsx"]] })).toThrow(
      /src\/Gone\.tsx/,
    )
    expect(() => signedInPreloads(bundle.slice(1), options)).toThrow(/one entry/)
  })

  it("writes JSON no text inside can end its script element", () => {
    const text = preloadJson({ ...preloads, public: ["</script><script>alert(1)</script>"] })
    expect(text).not.toContain("<")
    expect(JSON.parse(text).public).toEqual(["</script><script>alert(1)</script>"])
  })
})

describe("route expressions", () => {
  it("match the paths the router matches: one segment per parameter, an optional trailing slash", () => {
    const expression = new RegExp(routeExpression(["/notifications/:id", "/a.b"]), "i")
    for (const path of ["/notifications/12", "/notifications/12/", "/a.b"])
      expect(expression.test(path)).toBe(true)
    for (const path of ["/notifications", "/notifications/12/x", "/notifications//", "/axb", "/x/a.b"])
      expect(expression.test(path)).toBe(false)
  })
})

describe("the page modules table", () => {
  it("names every route the signed-in app draws, the redirects to a page, and nothing else", () => {
    const named = PAGE_MODULES.map(([pattern]) => pattern)
    const drawn: ReadonlyArray<string> = [...signedInRoutePatterns, ROUTES.home, ROUTES.companyVerification]
    expect(new Set(named).size).toBe(named.length)
    // A page added to the router but not to the table would load its chunk late on every reload of it.
    expect(
      drawn.filter((pattern) => !named.includes(pattern)),
      "routes the signed-in router draws that src/views/system/page-modules.ts (the preload manifest) lacks",
    ).toEqual([])
    expect(
      named.filter((pattern) => !drawn.includes(pattern)),
      "patterns in src/views/system/page-modules.ts that no signed-in route draws",
    ).toEqual([])
  })
})
