import { Schema } from "effect"
import type { Page } from "playwright-core"
import { DEMO } from "./browser"
import { readApi } from "./setup-data"

// Every route of the app's router with real records from the demo data, for the suites that visit them all.

const Rows = Schema.Struct({
  results: Schema.Array(
    Schema.Struct({
      uuid: Schema.String,
      selected_providers: Schema.optionalKey(Schema.Array(Schema.Unknown)),
    }),
  ),
})
const Notifications = Schema.Struct({ results: Schema.Array(Schema.Struct({ id: Schema.Number })) })

type Row = (typeof Rows.Type)["results"][number]

export async function firstRecord(baseUrl: string, path: string, pick: (r: Row) => boolean = () => true) {
  const page = await readApi(baseUrl, DEMO.admin, path, Rows)
  const row = page.results.find(pick)
  if (!row) throw new Error(`no row for ${path}`)
  return row.uuid
}

export const SIGNED_OUT_ROUTES = [
  "/login",
  "/unauthorized",
  "/forgot-password",
  // A link that names no reset: the page's closed-link state, which needs no mail to reach.
  `/reset-password/${"A".repeat(59)}`,
] as const

/** Every signed-in route, detail and select-providers pages included, as the admin sees them. */
export async function signedInRoutes(baseUrl: string): Promise<string[]> {
  const wc = "/website-coordinator"
  const first = (path: string, pick?: (r: Row) => boolean) => firstRecord(baseUrl, path, pick)
  const unchosen = (r: Row) => r.selected_providers?.length === 0
  const notifications = await readApi(
    baseUrl,
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
    `${wc}/awaiting-providers`,
    `${wc}/maintenance/awaiting-providers`,
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
    "/staff",
  ]
}

/** Waits until the page shows its own heading and nothing in it is still loading. */
export async function settled(page: Page): Promise<void> {
  await page.locator("h1").first().waitFor()
  await page.getByText("Loading...").waitFor({ state: "detached" })
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0)
}

/**
 * Waits until the rest of the session runs, which starts once the page has shown
 * (docs/architecture.md#start-up-order-the-page-shows-first-the-rest-follows): the top bar's connection
 * indicator is there then. With `live`, until the notification socket is live too: only what arrives after that
 * is announced as it comes (a toast); what was sent before is in the bell's first page.
 */
export async function restRunning(page: Page, { live = true }: { live?: boolean } = {}): Promise<void> {
  await page.locator(live ? '[data-connection="live"]' : "[data-connection]").waitFor({ state: "attached" })
}
