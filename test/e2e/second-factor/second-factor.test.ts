import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { DEMO, signIn } from "../browser"
import { clearOfStepEnd, codeFor, logOut, onDashboard, secondFactorSuite } from "./fixture"

// Second factors as a person meets them, in real Chromium against the real server: an authenticator app set up
// at /user-settings with codes computed from the key shown on screen, then sign-ins with a code (a wrong one
// refused), a recovery code and a trusted browser; a passkey made by Chromium's virtual authenticator and used
// alone at /login; and the policy sending an account without a factor to set one up right after its password.
// The server runs at http://localhost:<port>: WebAuthn needs a secure context and a host name as its RP id.

const suite = secondFactorSuite()
const { open } = suite

async function readCodes(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: "Recovery codes" })
  await list.waitFor()
  return list.locator("code").allTextContents()
}

describe("an authenticator app", () => {
  let secret = ""
  let recovery: string[] = []

  it("is set up at /user-settings from the key on screen and a first code; ten recovery codes are shown once", async () => {
    const page = await open()
    await signIn(page, suite.url(), DEMO.coordinator.email, DEMO.coordinator.password)
    await onDashboard(page)
    await page.goto(`${suite.url()}/user-settings`)
    await page.getByRole("button", { name: "Set up an authenticator app" }).click()
    secret = (await page.getByTestId("totp-secret").textContent()) ?? ""
    expect(secret).toMatch(/^[A-Z2-7]+$/)
    await expect.poll(() => page.getByAltText("QR code for your authenticator app").count()).toBe(1)
    // The step before now: the sign-ins below use now's and the next one's (each step is accepted once).
    await clearOfStepEnd()
    await page.getByLabel("Code from the app").fill(codeFor(secret, -1))
    await page.getByRole("button", { name: "Turn on" }).click()
    recovery = await readCodes(page)
    expect(recovery).toHaveLength(10)
    await page.getByRole("button", { name: "I have saved them" }).click()
    await expect.poll(() => page.getByText(/Recovery codes left: 10/).count()).toBe(1)
  }, 60_000)

  it("is asked for after the password: a wrong code is refused with its message, the right one signs in", async () => {
    const page = await open()
    await signIn(page, suite.url(), DEMO.coordinator.email, DEMO.coordinator.password)
    await page.getByRole("heading", { name: "Two-step verification" }).waitFor()
    await page.getByLabel("Authentication code").fill("000000")
    await page.getByRole("button", { name: "Verify" }).click()
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("That code is not right.")
    expect(new URL(page.url()).pathname).toBe("/login")
    await page.getByLabel("Authentication code").fill(codeFor(secret, 0))
    await page.getByLabel("Trust this browser for 30 days").check()
    await page.getByRole("button", { name: "Verify" }).click()
    await onDashboard(page)

    // Trusted: the next sign-in in this browser skips the second step.
    await logOut(page)
    await signIn(page, suite.url(), DEMO.coordinator.email, DEMO.coordinator.password)
    await onDashboard(page)
  }, 60_000)

  it("a recovery code signs in once", async () => {
    const page = await open()
    await signIn(page, suite.url(), DEMO.coordinator.email, DEMO.coordinator.password)
    await page.getByRole("button", { name: "Use a recovery code" }).click()
    await page.getByLabel("Recovery code").fill(recovery[0] ?? "")
    await page.getByRole("button", { name: "Verify" }).click()
    await onDashboard(page)

    const again = await open()
    await signIn(again, suite.url(), DEMO.coordinator.email, DEMO.coordinator.password)
    await again.getByRole("button", { name: "Use a recovery code" }).click()
    await again.getByLabel("Recovery code").fill(recovery[0] ?? "")
    await again.getByRole("button", { name: "Verify" }).click()
    await expect.poll(() => again.getByRole("alert").textContent()).toBe("That code is not right.")
  }, 60_000)
})

describe("the second-factor policy", () => {
  it("sends an account without a factor to set one up right after its password, before anything else", async () => {
    // An admin turns the policy on for the viewer's category through the API the staff page uses.
    await suite.requireFor(["support"])

    const page = await open()
    await signIn(page, suite.url(), DEMO.viewer.email, DEMO.viewer.password)
    await page.getByRole("heading", { name: "Set up two-step verification" }).waitFor()
    expect(new URL(page.url()).pathname).toBe("/login")
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? ""
    await page.getByLabel("Code from the app").fill(codeFor(secret, 0))
    await page.getByRole("button", { name: "Turn on" }).click()
    expect(await readCodes(page)).toHaveLength(10)
    await page.getByRole("button", { name: "I have saved them, continue" }).click()
    await onDashboard(page)
  }, 60_000)
})

describe("a passkey", () => {
  it("is added at /user-settings and signs in alone from /login", async () => {
    const { page } = await suite.withAuthenticator()
    await signIn(page, suite.url(), DEMO.admin.email, DEMO.admin.password)
    await onDashboard(page)
    await page.goto(`${suite.url()}/user-settings`)
    await page.getByText("No passkeys yet.").waitFor()
    await page.getByLabel("New passkey's name").fill("Work laptop")
    await page.getByRole("button", { name: "Add a passkey" }).click()
    const list = page.getByRole("list", { name: "Your passkeys" })
    await list.getByText("Work laptop").waitFor({ timeout: 15_000 })
    await expect.poll(() => list.getByText(/Last used never/).count()).toBe(1)

    await page.getByRole("button", { name: "Rename Work laptop" }).click()
    await page.getByLabel("New name for Work laptop").fill("Desk laptop")
    await page.getByRole("button", { name: "Save" }).click()
    await list.getByText("Desk laptop").waitFor()

    await logOut(page)
    // /login also offers the passkey to the email field's autofill, which the virtual authenticator may answer
    // before the button is pressed (passkey-paths.test.ts drives that path): either way the passkey alone signs
    // in. The button is pressed only while it is still there.
    const button = page.getByRole("button", { name: "Sign in with a passkey" })
    await Promise.race([page.waitForURL(/\/dashboard$/), button.click().catch(() => undefined)])
    await onDashboard(page)
    await page.goto(`${suite.url()}/user-settings`)
    await expect.poll(() => list.getByText(/Last used never/).count(), { timeout: 10_000 }).toBe(0)
    await list.getByText("Desk laptop").waitFor()
  }, 90_000)
})
