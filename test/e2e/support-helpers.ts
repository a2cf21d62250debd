import { readFile } from "node:fs/promises"
import type { Page, Route } from "playwright-core"

// Driving the support panel and producing the situations the committed traces record. Shared by the e2e test
// and scripts/record-traces.ts, which re-records test/traces/.

export const supportPanel = (page: Page) => page.getByRole("dialog", { name: "Support panel" })

/**
 * The shortcut opens the panel only once the app knows who is signed in (an admin may open it): until the
 * profile has arrived a press is refused, so it is pressed again until the panel shows.
 */
export async function openSupportPanel(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 15; attempt++) {
    await page.keyboard.press("Control+Shift+S")
    if (
      await supportPanel(page)
        .waitFor({ timeout: 2000 })
        .then(
          () => true,
          () => false,
        )
    )
      return
  }
  await supportPanel(page).waitFor({ timeout: 1 })
}

/** The state the panel shows for an actor (by systemId). */
export const panelState = (page: Page, actor: string) => supportPanel(page).getByTestId(`state-${actor}`)

/** Clicks 'Export trace' and returns the downloaded file's text. */
export async function exportTrace(page: Page): Promise<string> {
  if (!(await supportPanel(page).isVisible())) await openSupportPanel(page)
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    supportPanel(page).getByRole("button", { name: "Export trace" }).click(),
  ])
  const path = await download.path()
  return readFile(path, "utf8")
}

/** Sends a notification through the server's admin API, as `npm run notify` does. */
export async function sendNotification(baseUrl: string, to: string, title: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "admin-demo-1" }),
  })
  const { access } = (await login.json()) as { access: string }
  const res = await fetch(`${baseUrl}/api/v1/notifications/`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${access}` },
    body: JSON.stringify({ recipient_email: to, title, message: "Sent for a support trace" }),
  })
  if (!res.ok) throw new Error(`admin send failed: ${res.status} ${await res.text()}`)
}

export interface StaleTokenRoutes {
  /** How many requests the server answered 401 while the access token was made stale. */
  readonly refused: () => number
  /** How many refresh calls went through. */
  readonly refreshes: () => number
}

/**
 * Makes the access token the app receives at its next sign-in stale for the requests that follow it: each of them
 * goes to the real server once with the token's signature broken, so the server answers 401; the refresh call is
 * held until two requests have been refused, so that they queue behind one refresh.
 */
export async function staleTokenAfterSignIn(page: Page): Promise<StaleTokenRoutes> {
  let stale = false
  let refused = 0
  let refreshes = 0
  let release: () => void = () => {}
  const twoRefused = new Promise<void>((resolve) => {
    release = resolve
  })
  const seen = new Set<string>()
  await page.route(/\/api\/company\/login\/$/, async (route: Route) => {
    const response = await route.fetch()
    if (response.ok()) stale = true
    await route.fulfill({ response })
  })
  await page.route(/\/api\/(v1\/|company\/user\/)/, async (route: Route) => {
    const request = route.request()
    const auth = request.headers().authorization
    const key = `${request.method()} ${request.url()}`
    if (!stale || !auth || seen.has(key)) return route.continue()
    seen.add(key)
    const response = await route.fetch({ headers: { ...request.headers(), authorization: `${auth}x` } })
    if (response.status() === 401) {
      refused += 1
      if (refused >= 2) release()
    }
    await route.fulfill({ response })
  })
  await page.route(/\/api\/company\/token\/refresh\/$/, async (route: Route) => {
    if (stale) {
      // A bound, not a timing assertion: should only one request have been refused, the refresh still goes.
      await Promise.race([twoRefused, new Promise((resolve) => setTimeout(resolve, 10_000))])
      stale = false
    }
    refreshes += 1
    await route.continue()
  })
  return { refused: () => refused, refreshes: () => refreshes }
}
