// The layout as people see it at phone, tablet and desktop widths: no page scrolls sideways, the bell's panel
// stays on screen, a 400-character word breaks instead of pushing controls away, toasts leave the top bar
// usable and follow the theme, and no page shows a developer's word. Screenshots of every route at every width
// are saved under test-results/layout/ for a person to look at.
import { mkdirSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { restRunning, SIGNED_OUT_ROUTES, settled, signedInRoutes } from "./app-routes"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { sendToAdmin } from "./send-notification"
import { type ServerProcess, startServerProcess } from "./server-process"

let server: ServerProcess
let browser: Browser
let routes: string[]
const SHOTS = "test-results/layout"

beforeAll(async () => {
  server = await startServerProcess()
  browser = await launchBrowser()
  routes = await signedInRoutes(server.url)
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const shotName = (width: number, route: string) =>
  `${SHOTS}/${width}-${route
    .replace(/^\//, "")
    .replace(/[^a-z0-9]+/gi, "_")
    .slice(0, 80)}.png`

/** How far the page reaches past the window's right edge (0: no sideways scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

const signInAsAdmin = async (page: Page) => {
  await signIn(page, server.url, DEMO.admin.email, DEMO.admin.password)
  await page.waitForURL(`${server.url}/dashboard`)
}

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ })

describe.each([320, 375, 768, 1280])("at %i px", (width) => {
  it("no route scrolls sideways, and the bell's panel lies inside the window", async () => {
    const { context, page } = await newPage(browser, { width, height: 800 })
    const wide: string[] = []
    const visit = async (route: string) => {
      await page.goto(`${server.url}${route}`)
      await settled(page)
      expect(new URL(page.url()).pathname, `${route} stayed where it was asked`).toBe(route)
      const past = await overflow(page)
      if (past > 0) wide.push(`${route}: ${past}px too wide`)
      await page.screenshot({ path: shotName(width, route), fullPage: true })
    }
    for (const route of SIGNED_OUT_ROUTES) await visit(route)
    await signInAsAdmin(page)
    for (const route of routes) await visit(route)
    expect(wide).toEqual([])

    await page.goto(`${server.url}/dashboard`)
    await settled(page)
    await bell(page).click()
    const panel = page.getByRole("dialog", { name: "Notifications" })
    await panel.getByRole("listitem").first().waitFor()
    const box = await panel.boundingBox()
    expect(box).not.toBeNull()
    if (box) {
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      expect(box.y + box.height).toBeLessThanOrEqual(800)
    }
    await expect.poll(() => panel.getByRole("link", { name: "View all" }).isVisible()).toBe(true)
    await page.screenshot({ path: shotName(width, "bell-panel") })
    await context.close()
  }, 300_000)
})

describe("long text", () => {
  it("a 400-character word leaves the mark-read button visible and clickable, in the bell and on the pages", async () => {
    const word = "x".repeat(400)
    for (const width of [375, 1280]) {
      const id = await sendToAdmin(server.url, { title: `Unbroken ${"y".repeat(180)}`, message: word })
      const { context, page } = await newPage(browser, { width, height: 800 })
      await signInAsAdmin(page)
      await bell(page).click()
      const row = page.getByRole("dialog", { name: "Notifications" }).locator(`li[data-id="${id}"]`)
      const button = row.getByRole("button", { name: /^Mark ".*" as read$/ })
      await button.waitFor()
      const [rowBox, buttonBox] = [await row.boundingBox(), await button.boundingBox()]
      expect(rowBox && buttonBox).toBeTruthy()
      if (rowBox && buttonBox) {
        expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5)
        expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(width)
      }
      expect(await overflow(page)).toBe(0)
      await page.screenshot({ path: shotName(width, "long-word-bell") })
      await button.click({ timeout: 5_000 })
      await button.waitFor({ state: "detached" })
      for (const route of ["/notifications", `/notifications/${id}`]) {
        await page.goto(`${server.url}${route}`)
        await settled(page)
        expect(await overflow(page), route).toBe(0)
        // The filter row's button keeps a button's height (it was stretched to the fields' 80 px).
        if (route === "/notifications") {
          const markAll = await page.getByRole("button", { name: "Mark all as read" }).boundingBox()
          expect(markAll?.height).toBeLessThan(48)
        }
        await page.screenshot({ path: shotName(width, `long-word-${route}`) })
      }
      await context.close()
    }
  }, 120_000)
})

describe("toasts", () => {
  it.each(["light", "dark"] as const)(
    "sit below the top bar, leave the bell clickable while hovered, and follow the %s theme",
    async (scheme) => {
      const { context, page } = await newPage(browser)
      await page.emulateMedia({ colorScheme: scheme })
      await signInAsAdmin(page)
      await page.getByRole("complementary", { name: "Sidebar" }).waitFor()
      // Toasts announce what arrives live: sent before the socket is live, they would be in the first page.
      await restRunning(page)
      for (const n of [1, 2, 3])
        await sendToAdmin(server.url, { title: `Toast ${scheme} ${n}`, message: "m" })
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: `Toast ${scheme} 3` })
      await toast.waitFor()
      await page.waitForFunction(() =>
        [...document.querySelectorAll("[data-sonner-toast]")].every((t) => t.getAnimations().length === 0),
      )
      const header = await page.getByRole("banner").boundingBox()
      const toastBox = await toast.boundingBox()
      expect(header && toastBox && toastBox.y >= header.y + header.height).toBe(true)

      // The pointer rests on the toasts (which keeps them open), and the bell still takes the click.
      if (toastBox) await page.mouse.move(toastBox.x + toastBox.width / 2, toastBox.y + toastBox.height / 2)
      await bell(page).click({ timeout: 5_000 })
      const panel = page.getByRole("dialog", { name: "Notifications" })
      await panel.waitFor()
      // The open panel lies above the toasts: its top-right corner, where they sit, is the panel's.
      const corner = await panel.getByRole("button", { name: "Mark all as read" }).evaluate((button) => {
        const r = button.getBoundingClientRect()
        return (
          document.elementFromPoint(r.right - 4, r.top + r.height / 2)?.closest('[role="dialog"]') !== null
        )
      })
      expect(corner).toBe(true)

      const background = await toast.evaluate((el) => getComputedStyle(el).backgroundColor)
      const [r = 0, g = 0, b = 0] = (background.match(/\d+(\.\d+)?/g) ?? []).map(Number)
      const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
      if (scheme === "dark") expect(luminance, background).toBeLessThan(0.3)
      else expect(luminance, background).toBeGreaterThan(0.7)
      await page.screenshot({ path: shotName(1280, `toasts-${scheme}`) })
      await context.close()
    },
    60_000,
  )
})

describe("words meant for people", () => {
  // A wire id (full_name, website_coordinator, system_alert) or an environment variable (VITE_FIREBASE_API_KEY)
  // is a developer's word: none may show on any page.
  const DEVELOPER_WORDS = /\b[a-z]+(?:_[a-z0-9]+)+\b|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g
  const wordsOn = async (page: Page) =>
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visibly is the point here
    [...new Set((await page.innerText("body")).match(DEVELOPER_WORDS))]

  it("no page shows an environment variable name, a raw category id or a schema field id", async () => {
    const { context, page } = await newPage(browser)
    const found: string[] = []
    for (const route of SIGNED_OUT_ROUTES) {
      await page.goto(`${server.url}${route}`)
      await settled(page)
      for (const word of await wordsOn(page)) found.push(`${route}: ${word}`)
    }
    // The coordinator, whose category id has an underscore, shows it on /profile.
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    for (const route of routes) {
      await page.goto(`${server.url}${route}`)
      await settled(page)
      // Push is not configured in this build: /settings says so, in words.
      if (route === "/settings") await page.getByText(/^Permission:/).waitFor()
      for (const word of await wordsOn(page)) found.push(`${route}: ${word}`)
    }
    await page.goto(`${server.url}/profile`)
    // The profile loads after the page shows: wait for it before counting.
    await page.getByText(/^Role:/).waitFor()
    expect(await page.getByText("Role: Website coordinator").count()).toBe(1)
    // A refused save shows the server's reason with the form's label, not its field id.
    await page.getByLabel("Full name").fill("")
    await page.getByRole("button", { name: "Save" }).click()
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Full name must not be empty")
    for (const word of await wordsOn(page)) found.push(`/profile (refused): ${word}`)
    expect(found).toEqual([])
    await context.close()
  }, 180_000)

  it("a record that does not exist offers a way back, not a Retry that cannot help", async () => {
    const { context, page } = await newPage(browser)
    await signInAsAdmin(page)
    const missing = "00000000-0000-4000-8000-000000000000"
    await page.goto(`${server.url}/work-request-details/${missing}`)
    await page.getByText("This work request could not be found.").waitFor()
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0)
    await page.getByRole("link", { name: "Go to pending work requests" }).click()
    await page.waitForURL(`${server.url}/website-coordinator/pending-requests`)
    await page.goto(`${server.url}/maintenance-requests/${missing}/select-providers`)
    await page.getByRole("link", { name: "Go to the maintenance request" }).waitFor()
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0)
    await context.close()
  })
})
