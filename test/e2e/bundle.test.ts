import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  DASHBOARD_CEILING_KB,
  holdsEffect,
  measureRoute,
  measureSignIn,
  runtimeFiles,
  SIGN_IN_BUDGET_KB,
} from "../../bench/bundle-measure"
import { measureLoginVisit, type Visit } from "../../bench/bundle-visit"
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

  it("asks before its first paint for exactly what the entry imports statically, none of it Effect code", () => {
    const entry = measureSignIn("dist").chunks.map((c) => c.file)
    expect(files(true)).toEqual(entry.map((file) => `/${file}`).sort())
    expect(entry.filter((file) => holdsEffect("dist", file))).toEqual([])
  })

  it("loads the runtime's chunk and the sign-in calls' records once it has painted, and nothing else", () => {
    const runtime = runtimeFiles("dist")
    expect(runtime.some((file) => holdsEffect("dist", file))).toBe(true)
    expect(files(false)).toEqual(runtime.map((file) => `/${file}`).sort())
  })
})

// What the dashboard needs before it shows (the entry, the signed-in layout, the session's first actors and the
// page; the rest of the session loads after the first paint, docs/architecture.md#start-up-order-the-page-shows-first-the-rest-follows).
describe("dashboard bundle", () => {
  it(`needs at most ${DASHBOARD_CEILING_KB} KB of gzipped JavaScript before it shows`, () => {
    const route = measureRoute("dist", "src/views/dashboard/DashboardPage.tsx")
    expect(route.totalGzip / 1024).toBeLessThanOrEqual(DASHBOARD_CEILING_KB)
    expect(route.firebase).toBe(false)
  })
})
