import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  CHART_LIBRARY,
  DASHBOARD_CEILING_KB,
  filesHolding,
  holdsEffect,
  measureRoute,
  measureSignIn,
  routeFiles,
  runtimeFiles,
  SIGN_IN_BUDGET_KB,
  SIGNED_IN_ROUTES,
} from "../../bench/bundle-measure"
import { measureLoginVisit, type Visit } from "../../bench/bundle-visit"
import type { SignedInPreloads } from "../../src/schema/system/signed-in-preload"
import { launchBrowser } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

// The build the other end-to-end tests drive (global-setup.ts builds it): a visit to the sign-in page, as
// Chromium makes it against the real server, asks for at most the budget of JavaScript before its first paint,
// none of it Effect code (the runtime loads once the page has painted), and neither firebase (a signed-in page
// loads it) nor sonner (the first toast loads it) at all.
describe("sign-in bundle", () => {
  let server: ServerProcess
  let browser: Browser
  let visit: Visit
  const files = (beforePaint: boolean) =>
    visit.downloads
      .filter((d) => d.beforePaint === beforePaint)
      .map((d) => d.file)
      .sort()

  beforeAll(async () => {
    server = await startServerProcess()
    browser = await launchBrowser()
    visit = await measureLoginVisit(browser, server.url)
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it(`asks for at most ${SIGN_IN_BUDGET_KB} KB of gzipped JavaScript before its first paint`, () => {
    expect(files(true).length).toBeGreaterThan(0)
    expect(visit.totalGzipBeforePaint / 1024).toBeLessThanOrEqual(SIGN_IN_BUDGET_KB)
  })

  it("downloads no firebase and no sonner code", () => {
    expect({ firebase: visit.firebase, sonner: visit.sonner }).toEqual({ firebase: false, sonner: false })
  })

  it("downloads none of the chart library, before its paint or after", () => {
    expect(visit.downloads.filter((d) => holdsModule(d.file, CHART_LIBRARY)).map((d) => d.file)).toEqual([])
  })

  it("asks before its first paint for exactly the entry and the sign-in form with their imports, none of it Effect code", () => {
    const entry = measureSignIn("dist").chunks.map((c) => c.file)
    expect(files(true)).toEqual(entry.map((file) => `/${file}`).sort())
    expect(entry.filter((file) => holdsEffect("dist", file))).toEqual([])
  })

  it("loads the runtime's chunk and the sign-in calls' records once it has painted, and the passkey autofill's", () => {
    const runtime = runtimeFiles("dist")
    expect(runtime.some((file) => holdsEffect("dist", file))).toBe(true)
    // The sign-in notice's machine (with the public account pages') comes once the page has painted.
    const flows = filesHolding("dist", SIGN_IN_FLOWS).map((file) => `/${file}`)
    expect(flows).toHaveLength(1)
    expect(files(false)).toEqual(expect.arrayContaining(flows))
    // The email field's passkey autofill starts once the page has painted: SimpleWebAuthn and the passkey
    // endpoints' records come then, never before.
    const autofill = files(false).filter((file) => !runtime.includes(file.slice(1)) && !flows.includes(file))
    expect(autofill.length).toBeGreaterThan(0)
    for (const file of autofill) expect(holdsPasskeyCode(file), file).toBe(true)
    expect(files(false).some((file) => holdsModule(file, /@simplewebauthn\/browser/))).toBe(true)
    expect(files(true).some((file) => holdsModule(file, /@simplewebauthn\/browser/))).toBe(false)
    for (const file of runtime) expect(files(false)).toContain(`/${file}`)
  })
})

// What the dashboard needs before it shows (the entry, the signed-in layout, the session's first actors and the
// page; the rest of the session loads after the first paint, docs/architecture.md#start-up-order-the-page-shows-first-the-rest-follows).
/** Whether a built file holds a module whose path matches, by its source map. */
function holdsModule(file: string, pattern: RegExp): boolean {
  const map = join("dist", `${file.slice(1)}.map`)
  if (!existsSync(map)) return false
  const { sources } = JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }
  return sources.some((source) => pattern.test(source))
}
const holdsPasskeyCode = (file: string) =>
  holdsModule(
    file,
    /@simplewebauthn\/browser|src\/effects\/auth\/passkey-ceremony\.ts|src\/schema\/(api|accounts)\/(passkeys|webauthn|second-factor)\.ts/,
  )

describe("dashboard bundle", () => {
  it(`needs at most ${DASHBOARD_CEILING_KB} KB of gzipped JavaScript before it shows`, () => {
    const route = measureRoute("dist", "src/views/dashboard/DashboardPage.tsx")
    expect(route.totalGzip / 1024).toBeLessThanOrEqual(DASHBOARD_CEILING_KB)
    expect(route.firebase).toBe(false)
  })

  // Each file asked for before the refresh takes one of HTTP/1.1's six connections from what the page needs.
  it("preloads none of the signed-out pages on a signed-in reload", () => {
    const signedOut = filesHolding("dist", SIGNED_OUT_PAGES).map((file) => `/${file}`)
    expect(signedOut.length).toBeGreaterThan(0)
    expect(signedInPreloads().shell.filter((file) => signedOut.includes(file))).toEqual([])
  })
})

const SIGN_IN_FLOWS = /src\/effects\/accounts\/sign-in-flows\.actors\.ts$/

const SIGNED_OUT_PAGES =
  /src\/(views\/(accounts\/(InvitePage|ForgotPasswordPage|ResetPasswordPage)|auth\/(SignInStep|LoginPage))\.tsx|effects\/accounts\/sign-in-flows\.actors\.ts)$/

/** What the early script of index.html preloads on a signed-in reload. */
const signedInPreloads = (): SignedInPreloads => {
  const html = readFileSync(join("dist", "index.html"), "utf8")
  const json = /<script type="application\/json" id="signed-in-preload">(.*?)<\/script>/s.exec(html)?.[1]
  return JSON.parse(json ?? "null") as SignedInPreloads
}

// The reports' chart library (uPlot) is the /reports page's alone: no other page needs it before it shows, and a
// reload of another signed-in path does not preload it.
describe("reports bundle", () => {
  const REPORTS = "src/views/reports/ReportsPage.tsx"

  it("holds the chart library in what /reports needs, and in nothing the other pages need", () => {
    const charting = filesHolding("dist", CHART_LIBRARY)
    expect(charting.length).toBeGreaterThan(0)
    expect(routeFiles("dist", REPORTS)).toEqual(expect.arrayContaining(charting))
    const others = [["/login", null] as const, ...SIGNED_IN_ROUTES.filter(([, page]) => page !== REPORTS)]
    for (const [route, page] of others)
      expect(
        routeFiles("dist", page).filter((file) => charting.includes(file)),
        route,
      ).toEqual([])
  })

  it("is preloaded on a reload of /reports only", () => {
    const charting = filesHolding("dist", CHART_LIBRARY).map((file) => `/${file}`)
    const preloads = signedInPreloads()
    expect(preloads.shell.filter((file) => charting.includes(file))).toEqual([])
    const preloading = preloads.routes
      .filter(([, files]) => files.some((file) => charting.includes(file)))
      .map(([pattern]) => new RegExp(pattern, "i"))
    expect(preloading.length).toBe(1)
    expect(preloading.map((re) => [re.test("/reports"), re.test("/dashboard")])).toEqual([[true, false]])
  })
})
