// Where tokens must never be: in localStorage or sessionStorage (script-readable, and they outlive the tab),
// in document.cookie (the refresh cookie is HttpOnly), or in the server's log. Checked with the exact token
// values the browser received, after sign-in, after a reload (a refresh) and after opening the live socket.
import { PGlite } from "@electric-sql/pglite"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess, tokensInLog } from "./server-process"

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

interface Stored {
  readonly local: Array<[string, string]>
  readonly session: Array<[string, string]>
  readonly cookie: string
}

const stored = (page: Page): Promise<Stored> =>
  page.evaluate(() => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
    cookie: document.cookie,
  }))

/** Access tokens from the login and refresh answers the page received. */
function collectAccessTokens(page: Page): string[] {
  const tokens: string[] = []
  page.on("response", async (response) => {
    if (!/\/api\/company\/(login|token\/refresh)\/$/.test(response.url()) || response.status() !== 200) return
    const body = (await response.json().catch(() => null)) as { access?: unknown } | null
    if (typeof body?.access === "string") tokens.push(body.access)
  })
  return tokens
}

describe("tokens stay out of storage and logs", () => {
  it("keeps access and refresh tokens out of localStorage, sessionStorage, document.cookie and the log", async () => {
    const { context, page } = await newPage(browser)
    const access = collectAccessTokens(page)
    const refresh: string[] = []
    const snapshot = async () => {
      for (const c of await context.cookies())
        if (c.name === "refresh_token") {
          expect(c.httpOnly).toBe(true)
          expect(c.sameSite).toBe("Strict")
          if (!refresh.includes(c.value)) refresh.push(c.value)
        }
      return stored(page)
    }
    const expectClean = (state: Stored, label: string) => {
      const text = JSON.stringify([state.local, state.session])
      for (const token of [...access, ...refresh]) {
        expect(text.includes(token), `${label}: a token is in web storage`).toBe(false)
        expect(state.cookie.includes(token), `${label}: a token is readable in document.cookie`).toBe(false)
      }
      expect(text, label).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/)
      expect(state.cookie, label).not.toMatch(/refresh_token/)
    }

    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.getByText(/Welcome back, /).waitFor()
    expectClean(await snapshot(), "after sign-in")
    expect(access.length).toBe(1)
    expect(refresh.length).toBe(1)

    // A reload keeps only the HttpOnly cookie: the app gets its new access token from a refresh.
    await page.reload()
    await page.getByText(/Welcome back, /).waitFor()
    await expect.poll(() => access.length).toBeGreaterThanOrEqual(2)
    expectClean(await snapshot(), "after a reload")
    expect(refresh.length).toBeGreaterThanOrEqual(2)

    // The notification page opens the socket with ?token=ACCESS.
    await page.goto(`${server.url}/notifications`)
    await page.getByRole("heading", { name: "Notifications" }).waitFor()
    expectClean(await snapshot(), "after opening the notifications")

    const log = server.output()
    expect(log).toMatch(/token\/refresh/)
    for (const token of [...access, ...refresh]) expect(log.includes(token)).toBe(false)
    expect(tokensInLog(log)).toEqual([])
    await context.close()
  })

  it("stores the passwords of the running product hashed with argon2id at 19 MiB, 2 passes, parallelism 1", async () => {
    // Stopped first: the embedded database belongs to one process at a time.
    await server.stop()
    const pglite = await PGlite.create(server.dataDir)
    try {
      const { rows } = await pglite.query<{ password_hash: string }>("select password_hash from app_user")
      expect(rows.length).toBeGreaterThanOrEqual(3)
      for (const { password_hash } of rows)
        expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    } finally {
      await pglite.close()
    }
  })
})
