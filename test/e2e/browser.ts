import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Debian's Chromium, with the flags a machine without network access to Google's services needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  })
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  })
  const page = await context.newPage()
  return { context, page }
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Sign in" }).click()
}

export const DEMO = {
  admin: { email: "admin@example.com", password: "admin-demo-1" },
  coordinator: { email: "coordinator@example.com", password: "coordinator-demo-1" },
  viewer: { email: "viewer@example.com", password: "viewer-demo-1" },
} as const
