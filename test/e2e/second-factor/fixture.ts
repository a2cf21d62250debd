import { Secret, TOTP } from "otpauth"
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core"
import { afterAll, beforeAll, expect } from "vitest"
import { DEMO, launchBrowser } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// What the second-factor files share: one server and one Chromium per file (registered by
// secondFactorSuite in that file's beforeAll and afterAll), browsers of their own for each person, some
// with Chromium's virtual authenticator, the admin's policy set through the API the staff page uses, and the
// code an authenticator app would show.

/** A browser (context) with a virtual authenticator: a platform one holding resident keys, user verified. */
export interface WithAuthenticator {
  readonly page: Page
  readonly cdp: CDPSession
  readonly authenticatorId: string
}

export interface SecondFactorSuite {
  readonly url: () => string
  /** A page in a browser of its own, signed out. */
  readonly open: () => Promise<Page>
  /** The same with a virtual authenticator, holding a copy of `copyOf`'s credentials when given. */
  readonly withAuthenticator: (copyOf?: WithAuthenticator) => Promise<WithAuthenticator>
  /** The categories that must have a second factor, set by the demo admin. */
  readonly requireFor: (required: ReadonlyArray<string>) => Promise<void>
}

export function secondFactorSuite(): SecondFactorSuite {
  let server: ServerProcess | undefined
  let browser: Browser | undefined
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
  const url = () => server?.url ?? ""
  const newContext = async () => {
    if (!browser) throw new Error("the second-factor browser is used before its beforeAll")
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    contexts.push(context)
    return context
  }
  return {
    url,
    open: async () => (await newContext()).newPage(),
    withAuthenticator: async (copyOf) => {
      const context = await newContext()
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send("WebAuthn.enable")
      const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      })
      if (copyOf) {
        const { credentials } = await copyOf.cdp.send("WebAuthn.getCredentials", {
          authenticatorId: copyOf.authenticatorId,
        })
        for (const credential of credentials)
          await cdp.send("WebAuthn.addCredential", { authenticatorId, credential })
      }
      return { page, cdp, authenticatorId }
    },
    requireFor: async (required) => {
      const login = await fetch(`${url()}/api/company/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(DEMO.admin),
      })
      const { access } = (await login.json()) as { access: string }
      const put = await fetch(`${url()}/api/company/staff/second-factor-policy/`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${access}` },
        body: JSON.stringify({ required }),
      })
      expect(put.status).toBe(200)
    },
  }
}

/** The code an authenticator app shows for the key, `steps` 30-second steps from now (the server takes ±1). */
export const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + steps * 30_000,
  })

/**
 * Returns once the current 30-second step has at least `marginMs` left, waiting for the next step when it has
 * not: a code made for the step before now is still within the server's skew when it is checked a few seconds
 * later on a busy machine, instead of falling two steps behind at a step's turn.
 */
export async function clearOfStepEnd(marginMs = 10_000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000)
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100))
}

export const onDashboard = (page: Page) => page.waitForURL(/\/dashboard$/, { timeout: 15_000 })

export async function logOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^User menu for / }).click()
  await page.getByRole("menuitem", { name: "Log out" }).click()
  // The sign-in page shows before the server has heard of the sign-out: the next sign-in waits for the call.
  const signedOut = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/company/logout/")
  await page.getByRole("dialog", { name: "Confirm Logout" }).getByRole("button", { name: "Log out" }).click()
  await page.waitForURL(/\/login/)
  await signedOut
}
