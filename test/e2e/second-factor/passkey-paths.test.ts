import { describe, expect, it } from "vitest"
import { DEMO, signIn } from "../browser"
import { onDashboard, secondFactorSuite, type WithAuthenticator } from "./fixture"

// Passkeys in the paths a person meets them besides the button at /login, in real Chromium with its virtual
// authenticator (a platform authenticator holding resident keys, user verified, presence given at once): the
// forced set-up after the password, when the policy requires a factor, met with a passkey; the browser's
// passkey autofill on the email field (conditional mediation), which signs in from the field's focus alone;
// and removing the passkey at /user-settings, refused while it is the last factor the policy requires.
// The viewer (category support) is the account concerned throughout, so the tests run in order.

const suite = secondFactorSuite()
const { withAuthenticator, requireFor } = suite

/** The person's laptop: its authenticator makes the passkey, which later browsers are given a copy of. */
let laptop: WithAuthenticator

describe("a passkey as the factor the policy requires", () => {
  it("is set up right after the password, and that completes the sign-in", async () => {
    await requireFor(["support"])
    laptop = await withAuthenticator()
    const page = laptop.page
    await signIn(page, suite.url(), DEMO.viewer.email, DEMO.viewer.password)
    await page.getByRole("heading", { name: "Set up two-step verification" }).waitFor()
    // The app's key is prepared beside it: both ways are offered.
    await page.getByTestId("totp-secret").waitFor()
    await page.getByLabel("Name for this passkey").fill("Viewer laptop")
    await page.getByRole("button", { name: "Add a passkey and continue" }).click()
    await onDashboard(page)
    await page.goto(`${suite.url()}/user-settings`)
    await page
      .getByRole("list", { name: "Your passkeys" })
      .getByText("Viewer laptop")
      .waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByText("Your account requires a second factor.").count()).toBe(1)
  }, 90_000)

  it("is asked for at the next sign-in with the password, where no set-up is offered any more", async () => {
    // A browser without the authenticator: the email field's autofill has no passkey to offer there.
    const page = await suite.open()
    await signIn(page, suite.url(), DEMO.viewer.email, DEMO.viewer.password)
    await page.getByRole("heading", { name: "Two-step verification" }).waitFor()
    await expect.poll(() => page.getByRole("button", { name: "Use a passkey" }).count()).toBe(1)
    expect(await page.getByText("Set up two-step verification").count()).toBe(0)
  }, 60_000)
})

describe("the browser's passkey autofill on /login", () => {
  it("signs in from the email field's focus alone: the field offers passkeys, the browser answers", async () => {
    // Another browser of the same person, signed out, whose authenticator holds the laptop's passkey.
    const { page } = await withAuthenticator(laptop)
    const signedIn = page.waitForResponse((r) => r.url().endsWith("/api/company/passkeys/sign-in/"))
    await page.goto(`${suite.url()}/login`)
    expect(await page.getByLabel("Email").getAttribute("autocomplete")).toBe("username webauthn")
    // The sign-in page focuses the field itself; nothing is typed and no button is pressed.
    expect((await signedIn).status()).toBe(200)
    await onDashboard(page)
  }, 60_000)
})

describe("removing a passkey at /user-settings", () => {
  it("is refused while it is the last factor the policy requires; allowed once it is not", async () => {
    const page = laptop.page
    await page.goto(`${suite.url()}/user-settings`)
    const list = page.getByRole("list", { name: "Your passkeys" })
    await list.getByText("Viewer laptop").waitFor({ timeout: 15_000 })
    await page.getByRole("button", { name: "Remove Viewer laptop" }).click()
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("You need a second factor: add another before removing this one.")
    await list.getByText("Viewer laptop").waitFor()

    await requireFor([])
    await page.reload()
    await list.getByText("Viewer laptop").waitFor({ timeout: 15_000 })
    await page.getByRole("button", { name: "Remove Viewer laptop" }).click()
    await page.getByText("No passkeys yet.").waitFor()
    expect(await list.count()).toBe(0)
  }, 60_000)

  it("no longer signs in, by the autofill or the button: the browser still holds it, the server refuses it", async () => {
    const { page } = await withAuthenticator(laptop)
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/company/passkeys/sign-in/"))
    await page.goto(`${suite.url()}/login`)
    expect((await refused).status()).toBe(401)
    const alert = page.getByRole("alert")
    await expect
      .poll(() => alert.textContent(), { timeout: 15_000 })
      .toBe("That passkey could not be verified.")
    const again = page.waitForResponse((r) => r.url().endsWith("/api/company/passkeys/sign-in/"))
    await page.getByRole("button", { name: "Sign in with a passkey" }).click()
    expect((await again).status()).toBe(401)
    await expect
      .poll(() => page.getByRole("button", { name: "Sign in with a passkey" }).isEnabled())
      .toBe(true)
    await expect.poll(() => alert.textContent()).toBe("That passkey could not be verified.")
    expect(new URL(page.url()).pathname).toBe("/login")
  }, 60_000)
})
