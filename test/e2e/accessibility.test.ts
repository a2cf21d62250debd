// axe-core on every page of the app, in the light and the dark theme, plus the open bell panel and the logout
// dialog: no serious or critical violation anywhere. Each page is checked once its data has loaded.
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { firstRecord, restRunning, SIGNED_OUT_ROUTES, settled, signedInRoutes } from "./app-routes"
import { type AxeFinding, seriousViolations } from "./axe"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  server = await startServerProcess()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const first = (path: string) => firstRecord(server.url, path)

const report = (findings: AxeFinding[]) =>
  findings.map((f) => `${f.where}: ${f.impact} ${f.id} (${f.help}) at ${f.targets.join(" | ")}`)

describe.each(["light", "dark"] as const)("axe-core in the %s theme", (colorScheme) => {
  it("finds no serious or critical violation on the signed-out pages", async () => {
    const { context, page } = await newPage(browser)
    await page.emulateMedia({ colorScheme })
    const findings: AxeFinding[] = []
    await page.goto(`${server.url}/login`)
    await settled(page)
    findings.push(...(await seriousViolations(page, "/login")))
    // A refused sign-in shows its message: checked with the message on screen.
    await page.getByLabel("Email").fill(DEMO.coordinator.email)
    await page.getByLabel("Password").fill("not-the-password")
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await page.getByRole("alert").waitFor()
    findings.push(...(await seriousViolations(page, "/login (refused)")))
    await page.goto(`${server.url}/unauthorized`)
    await settled(page)
    findings.push(...(await seriousViolations(page, "/unauthorized")))
    expect(report(findings)).toEqual([])
    await context.close()
  })

  it("finds no serious or critical violation on any signed-in page, the bell panel or the logout dialog", async () => {
    const routes = await signedInRoutes(server.url)
    const { context, page } = await newPage(browser)
    await page.emulateMedia({ colorScheme })
    await signIn(page, server.url, DEMO.admin.email, DEMO.admin.password)
    await page.waitForURL(`${server.url}/dashboard`)
    const findings: AxeFinding[] = []
    for (const route of routes) {
      await page.goto(`${server.url}${route}`)
      await settled(page)
      expect(new URL(page.url()).pathname, `${route} stayed where it was asked`).toBe(route)
      findings.push(...(await seriousViolations(page, route)))
    }

    await page.goto(`${server.url}/dashboard`)
    await settled(page)
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click()
    const panel = page.getByRole("dialog", { name: "Notifications" })
    await panel.getByRole("list", { name: "Notification list" }).getByRole("listitem").first().waitFor()
    findings.push(...(await seriousViolations(page, "bell panel")))
    await page.keyboard.press("Escape")
    await panel.waitFor({ state: "hidden" })

    await page.getByRole("button", { name: /^User menu for / }).click()
    findings.push(...(await seriousViolations(page, "user menu")))
    await page.getByRole("menuitem", { name: "Log out" }).click()
    await page.getByRole("dialog", { name: "Confirm Logout" }).waitFor()
    findings.push(...(await seriousViolations(page, "logout dialog")))

    expect(report(findings)).toEqual([])
    await context.close()
  }, 300_000)
  it("finds none on any page at phone width (375 px), signed out and signed in, nor in the bell's sheet", async () => {
    const routes = await signedInRoutes(server.url)
    const { context, page } = await newPage(browser, { width: 375, height: 740 })
    await page.emulateMedia({ colorScheme })
    const findings: AxeFinding[] = []
    for (const route of SIGNED_OUT_ROUTES) {
      await page.goto(`${server.url}${route}`)
      await settled(page)
      findings.push(...(await seriousViolations(page, `${route} at 375 px`)))
    }
    await signIn(page, server.url, DEMO.admin.email, DEMO.admin.password)
    await page.waitForURL(`${server.url}/dashboard`)
    for (const route of routes) {
      await page.goto(`${server.url}${route}`)
      await settled(page)
      findings.push(...(await seriousViolations(page, `${route} at 375 px`)))
    }
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click()
    await page.getByRole("dialog", { name: "Notifications" }).getByRole("listitem").first().waitFor()
    findings.push(...(await seriousViolations(page, "bell sheet at 375 px")))
    expect(report(findings)).toEqual([])
    await context.close()
  }, 300_000)

  it("finds none in the review dialogs, the bulk bar and its results, a toast, or the collapsed and narrow layouts", async () => {
    const pendingWork = await first("/api/v1/work-requests/?status=pending")
    const { context, page } = await newPage(browser)
    await page.emulateMedia({ colorScheme })
    await signIn(page, server.url, DEMO.admin.email, DEMO.admin.password)
    await page.waitForURL(`${server.url}/dashboard`)
    const findings: AxeFinding[] = []

    await page.goto(`${server.url}/work-request-details/${pendingWork}`)
    await settled(page)
    await page.getByRole("button", { name: "Approve" }).click()
    await page.getByRole("dialog", { name: "Approve this work request?" }).waitFor()
    findings.push(...(await seriousViolations(page, "approve dialog")))
    await page.keyboard.press("Escape")
    await page.getByRole("button", { name: "Reject" }).click()
    await page.getByRole("dialog", { name: "Reject this work request" }).getByLabel("Reason").waitFor()
    findings.push(...(await seriousViolations(page, "reject dialog")))
    await page.keyboard.press("Escape")

    await page.goto(`${server.url}/website-coordinator/pending-requests`)
    await settled(page)
    const boxes = page.getByRole("table").getByRole("checkbox", { name: /^Select (?!all)/ })
    await boxes.nth(0).check()
    await boxes.nth(1).check()
    await page.getByText("2 selected").waitFor()
    findings.push(...(await seriousViolations(page, "bulk bar")))
    await page.getByRole("button", { name: "Reject selected" }).click()
    const bulkReject = page.getByRole("dialog", { name: "Reject 2 work requests" })
    await bulkReject.getByLabel("Reason").fill("Checked by the accessibility suite")
    findings.push(...(await seriousViolations(page, "bulk reject dialog")))
    await bulkReject.getByRole("button", { name: "Reject" }).click()
    await page.getByRole("region", { name: "Results" }).waitFor()
    findings.push(...(await seriousViolations(page, "bulk results")))

    await page.goto(`${server.url}/dashboard`)
    await settled(page)
    // A toast announces what arrives live: sent before the socket is live, it would be in the first page.
    await restRunning(page)
    const login = await fetch(`${server.url}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DEMO.admin),
    })
    const { access } = (await login.json()) as { access: string }
    await fetch(`${server.url}/api/v1/notifications/`, {
      method: "POST",
      headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
      body: JSON.stringify({ recipient_email: DEMO.admin.email, title: "Toast for axe", message: "m" }),
    })
    await page.locator("[data-sonner-toast]").filter({ hasText: "Toast for axe" }).waitFor()
    // Checked once it has faded in: mid-transition its colours are blended with the page behind.
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-sonner-toast]")].every((t) => t.getAnimations().length === 0),
    )
    findings.push(...(await seriousViolations(page, "toast")))

    await page.getByRole("button", { name: "Collapse sidebar" }).click()
    await page.getByRole("button", { name: "Open sidebar" }).waitFor()
    findings.push(...(await seriousViolations(page, "collapsed sidebar")))

    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto(`${server.url}/dashboard`)
    await settled(page)
    findings.push(...(await seriousViolations(page, "narrow dashboard")))
    await page.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click()
    await page.getByRole("navigation", { name: "Main" }).waitFor()
    findings.push(...(await seriousViolations(page, "narrow, sidebar open")))

    expect(report(findings)).toEqual([])
    await context.close()
  }, 300_000)
})
