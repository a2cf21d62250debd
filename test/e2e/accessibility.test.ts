// axe-core on every page of the app, in the light and the dark theme, plus the open bell panel and the logout
// dialog: no serious or critical violation anywhere. Each page is checked once its data has loaded.
import { Schema } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AxeFinding, seriousViolations } from "./axe"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"
import { readApi } from "./setup-data"

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

const Rows = Schema.Struct({
  results: Schema.Array(
    Schema.Struct({
      uuid: Schema.String,
      selected_providers: Schema.optionalKey(Schema.Array(Schema.Unknown)),
    }),
  ),
})
const Notifications = Schema.Struct({ results: Schema.Array(Schema.Struct({ id: Schema.Number })) })

const first = async (
  path: string,
  pick: (r: (typeof Rows.Type)["results"][number]) => boolean = () => true,
) => {
  const page = await readApi(server.url, DEMO.admin, path, Rows)
  const row = page.results.find(pick)
  if (!row) throw new Error(`no row for ${path}`)
  return row.uuid
}

/** Waits until the page shows its own heading and nothing in it is still loading. */
async function settled(page: Page): Promise<void> {
  await page.locator("h1").first().waitFor()
  await page.getByText("Loading...").waitFor({ state: "detached" })
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0)
}

async function signedInRoutes(): Promise<string[]> {
  const wc = "/website-coordinator"
  const unchosen = (r: { selected_providers?: ReadonlyArray<unknown> }) => r.selected_providers?.length === 0
  const notifications = await readApi(
    server.url,
    DEMO.admin,
    "/api/v1/notifications/?page_size=1",
    Notifications,
  )
  const notification = notifications.results[0]
  if (!notification) throw new Error("the admin has no notification")
  return [
    "/dashboard",
    "/notifications",
    `/notifications/${notification.id}`,
    `${wc}/pending-requests`,
    `${wc}/approved-requests`,
    `${wc}/rejected-requests`,
    `${wc}/maintenance/pending`,
    `${wc}/maintenance/approved`,
    `${wc}/maintenance/rejected`,
    `${wc}/company-verification/pending`,
    `${wc}/company-verification/accepted`,
    `${wc}/company-verification/rejected`,
    `${wc}/company-verification/applications/${await first("/api/v1/company-applications/?status=pending")}`,
    `/work-request-details/${await first("/api/v1/work-requests/?status=pending")}`,
    `/work-request-details/${await first("/api/v1/work-requests/?status=rejected")}`,
    `/maintenance-request-details/${await first("/api/v1/maintenance-requests/?status=pending")}`,
    `/work-requests/${await first("/api/v1/work-requests/?status=approved&page_size=100", unchosen)}/select-providers`,
    `/maintenance-requests/${await first("/api/v1/maintenance-requests/?status=approved&page_size=100", unchosen)}/select-providers`,
    "/profile",
    "/settings",
    "/theme",
    "/help",
    "/billing",
    "/receipts",
    "/snacks",
    "/user-settings",
  ]
}

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
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.getByRole("alert").waitFor()
    findings.push(...(await seriousViolations(page, "/login (refused)")))
    await page.goto(`${server.url}/unauthorized`)
    await settled(page)
    findings.push(...(await seriousViolations(page, "/unauthorized")))
    expect(report(findings)).toEqual([])
    await context.close()
  })

  it("finds no serious or critical violation on any signed-in page, the bell panel or the logout dialog", async () => {
    const routes = await signedInRoutes()
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
