import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Browsers still open, for the report on a failed test (./failure-report.ts). */
export const openBrowsers = new Set<Browser>()

/** A page's last console lines, failed requests and error answers, newest last. */
export const pageEvents = new WeakMap<Page, string[]>()
const PAGE_EVENTS_KEPT = 25

function recordPageEvents(page: Page): void {
  const events: string[] = []
  pageEvents.set(page, events)
  const keep = (line: string) => {
    events.push(`${new Date().toISOString().slice(11, 23)} ${line}`)
    if (events.length > PAGE_EVENTS_KEPT) events.shift()
  }
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") keep(`console.${m.type()}: ${m.text().slice(0, 200)}`)
  })
  page.on("pageerror", (e) => keep(`pageerror: ${e.message.slice(0, 200)}`))
  page.on("requestfailed", (r) => keep(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ""}`))
  page.on("response", (r) => {
    if (r.status() >= 400) keep(`${r.status()} ${r.request().method()} ${r.url()}`)
  })
  page.on("framenavigated", (f) => {
    if (f === page.mainFrame()) keep(`navigated ${f.url()}`)
  })
}

/**
 * Debian's Chromium, with the flags a machine without network access to Google's services needs, and any the
 * test adds (a self-signed certificate's `--ignore-certificate-errors`).
 */
export async function launchBrowser(extraArgs: ReadonlyArray<string> = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      ...extraArgs,
    ],
  })
  openBrowsers.add(browser)
  browser.once("disconnected", () => openBrowsers.delete(browser))
  return browser
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  })
  const page = await context.newPage()
  recordPageEvents(page)
  return { context, page }
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Sign in", exact: true }).click()
}

export const DEMO = {
  admin: { email: "admin@example.com", password: "admin-demo-1" },
  coordinator: { email: "coordinator@example.com", password: "coordinator-demo-1" },
  viewer: { email: "viewer@example.com", password: "viewer-demo-1" },
} as const
