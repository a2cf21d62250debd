import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  DASHBOARD_CEILING_KB,
  measureRoute,
  measureSignIn,
  SIGN_IN_BUDGET_KB,
} from "../../bench/bundle-measure"
import { measureLoginVisit, type Visit } from "../../bench/bundle-visit"
import { launchBrowser } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

// The build the other end-to-end tests drive (global-setup.ts builds it): a visit to the sign-in page, as
// Chromium makes it against the real server, downloads at most the budget of JavaScript in all, and neither
// firebase (a signed-in page loads it) nor sonner (the first toast loads it).
describe("sign-in bundle", () => {
  let server: ServerProcess
  let browser: Browser
  let visit: Visit

  beforeAll(async () => {
    server = await startServerProcess()
    browser = await launchBrowser()
    visit = await measureLoginVisit(browser, server.url)
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it(`downloads at most ${SIGN_IN_BUDGET_KB} KB of gzipped JavaScript in all`, () => {
    expect(visit.downloads.length).toBeGreaterThan(0)
    expect(visit.totalGzip / 1024).toBeLessThanOrEqual(SIGN_IN_BUDGET_KB)
  })

  it("downloads no firebase and no sonner code", () => {
    expect({ firebase: visit.firebase, sonner: visit.sonner }).toEqual({ firebase: false, sonner: false })
  })

  it("downloads exactly what the entry imports statically, nothing lazily on top", () => {
    const entry = measureSignIn("dist").chunks.map((c) => `/${c.file}`)
    expect(visit.downloads.map((d) => d.file).sort()).toEqual(entry.sort())
  })
})

// What the dashboard needs before it shows (the entry, the signed-in layout, the session's first actors and the
// page; the rest of the session loads after the first paint, docs/architecture.md#start-up-order-the-page-shows-first-the-rest-follows).
describe("dashboard bundle", () => {
  it(`needs at most ${DASHBOARD_CEILING_KB} KB of gzipped JavaScript before it shows`, () => {
    const route = measureRoute("dist", "src/views/pages/DashboardPage.tsx")
    expect(route.totalGzip / 1024).toBeLessThanOrEqual(DASHBOARD_CEILING_KB)
    expect(route.firebase).toBe(false)
  })
})
