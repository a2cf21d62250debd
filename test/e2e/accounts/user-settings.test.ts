import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// /user-settings with the same person signed in from two browsers: the sign-in history lists the attempts,
// the second browser's sign-in appears on the open page, "Sign out" on its session sends it to the sign-in
// page, and a password changed in one sends the other there too while the first stays signed in. The
// read-only viewer does all of it.

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
const NEW_PASSWORD = "velvet compass meadow"

let server: ServerProcess
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  server = await startServerProcess()
  browser = await launchBrowser()
})
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()))
  await browser?.close()
  await server?.close()
})

async function open(userAgent?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(userAgent ? { userAgent } : {}),
  })
  contexts.push(context)
  return context.newPage()
}

async function signedIn(page: Page, password: string = DEMO.viewer.password): Promise<void> {
  await signIn(page, server.url, DEMO.viewer.email, password)
  await page.waitForURL(/\/dashboard$/)
}

async function settings(page: Page): Promise<void> {
  await page.goto(`${server.url}/user-settings`)
  await page.getByRole("heading", { name: "User settings", level: 1 }).waitFor()
  await page.getByRole("list", { name: "Active sessions" }).waitFor()
}

const sentToLogin = (page: Page) =>
  expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/login")

describe("your own account at /user-settings", () => {
  let here: Page
  let there: Page

  it("lists the sign-ins and failed attempts with the account's email", async () => {
    here = await open()
    await signIn(here, server.url, DEMO.viewer.email, "not the password at all")
    await here.getByRole("alert").waitFor()
    await signedIn(here)
    await settings(here)
    const rows = here.getByRole("table", { name: "Recent sign-ins" }).getByRole("row")
    await expect.poll(() => rows.count()).toBe(3)
    const newest = await rows.nth(1).textContent()
    const older = await rows.nth(2).textContent()
    expect(newest).toMatch(/Chrome on Linux.*Signed in/)
    expect(older).toMatch(/Chrome on Linux.*Wrong password/)
  })

  it("signs out the other browser's session from the list: that browser is sent to sign in", async () => {
    await settings(here)
    const sessions = here.getByRole("list", { name: "Active sessions" }).getByRole("listitem")
    await expect.poll(() => sessions.count()).toBe(1)
    there = await open(FIREFOX_WINDOWS)
    await signedIn(there)
    // Without a reload: the sign-in from a browser new to the account is told live, and the page reads again.
    await expect.poll(() => sessions.count()).toBe(2)
    expect(await sessions.first().textContent()).toMatch(/Chrome on Linux.*This browser/)
    await here.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click()
    await expect
      .poll(() =>
        here.getByRole("region", { name: "Your active sessions" }).getByRole("status").textContent(),
      )
      .toBe("The session was signed out.")
    await sentToLogin(there)
    await expect.poll(() => sessions.count()).toBe(1)
    // This browser is untouched.
    await here.reload()
    await here.getByRole("list", { name: "Active sessions" }).waitFor()
    expect(new URL(here.url()).pathname).toBe("/user-settings")
  })

  it("changes the password in one browser: the other is sent to sign in, this one stays", async () => {
    await signedIn(there)
    await settings(here)
    await here.getByLabel("Current password").fill("a wrong current one")
    await here.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD)
    await here.getByRole("button", { name: "Change password" }).click()
    await expect
      .poll(() => here.getByRole("alert").textContent())
      .toBe("Current password: this is not your current password.")
    await here.getByLabel("Current password").fill(DEMO.viewer.password)
    await here.getByRole("button", { name: "Change password" }).click()
    await expect
      .poll(() =>
        here.getByRole("region", { name: "Change your password" }).getByRole("status").textContent(),
      )
      .toBe("Your password was changed; 1 other session was signed out.")
    await sentToLogin(there)
    expect(new URL(here.url()).pathname).toBe("/user-settings")
    expect(await here.getByLabel("Current password").inputValue()).toBe("")
    await signedIn(there, NEW_PASSWORD)
  })
})
