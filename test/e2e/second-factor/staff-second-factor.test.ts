import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { restRunning } from "../app-routes"
import { DEMO, signIn } from "../browser"
import { codeFor, onDashboard, secondFactorSuite } from "./fixture"

// The admin's side of second factors, on the staff page in real Chromium against the real server: the policy
// panel requires one of the website coordinators, and the coordinator's next sign-in sets one up before
// anything else; then the admin resets the coordinator's factors (a lost phone) in its dialog, and the
// coordinator's next sign-in no longer asks for the code; with the policy off again, the password is enough.

const suite = secondFactorSuite()
let admin: Page

/** The coordinator's password step in a browser of its own: the page, at whatever the sign-in asks next. */
async function coordinatorSignsIn(): Promise<Page> {
  const page = await suite.open()
  await signIn(page, suite.url(), DEMO.coordinator.email, DEMO.coordinator.password)
  return page
}

/** Ticks or unticks a category in the policy panel, and waits for the server to have it. */
async function requireCategory(label: string, on: boolean): Promise<void> {
  const panel = admin.getByRole("region", { name: "Require a second factor" })
  const box = panel.getByRole("checkbox", { name: label })
  const saved = admin.waitForResponse(
    (r) => r.url().endsWith("/api/company/staff/second-factor-policy/") && r.request().method() === "PUT",
  )
  expect(await box.isChecked()).toBe(!on)
  // The box shows what the server holds: it changes once the save is answered, not at the click.
  await box.click()
  expect((await saved).status()).toBe(200)
  await panel.getByText("Saved.").waitFor()
  await expect.poll(() => box.isChecked()).toBe(on)
}

describe("second factors on the staff page", () => {
  it("the admin requires one of the coordinators: the coordinator's next sign-in sets one up first", async () => {
    admin = await suite.open()
    await signIn(admin, suite.url(), DEMO.admin.email, DEMO.admin.password)
    await onDashboard(admin)
    await admin.goto(`${suite.url()}/staff`)
    await restRunning(admin)
    await admin.getByRole("cell", { name: "Corey Coordinator", exact: true }).waitFor()
    const panel = admin.getByRole("region", { name: "Require a second factor" })
    for (const label of ["Admin", "Website coordinator", "Support"])
      expect(await panel.getByRole("checkbox", { name: label }).isChecked()).toBe(false)
    await requireCategory("Website coordinator", true)

    const page = await coordinatorSignsIn()
    await page.getByRole("heading", { name: "Set up two-step verification" }).waitFor()
    expect(new URL(page.url()).pathname).toBe("/login")
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? ""
    await page.getByLabel("Code from the app").fill(codeFor(secret))
    await page.getByRole("button", { name: "Turn on" }).click()
    await page.getByRole("list", { name: "Recovery codes" }).waitFor()
    await page.getByRole("button", { name: "I have saved them, continue" }).click()
    await onDashboard(page)

    // Set up: the next sign-in asks for the app's code.
    const next = await coordinatorSignsIn()
    await next.getByRole("heading", { name: "Two-step verification" }).waitFor()
    await expect.poll(() => next.getByLabel("Authentication code").count()).toBe(1)
  }, 90_000)

  it("the admin resets the coordinator's factors: the next sign-in no longer asks for the code", async () => {
    await admin.getByRole("button", { name: "Reset second factor: Corey Coordinator" }).click()
    const dialog = admin.getByRole("dialog", { name: "Reset the second factor of Corey Coordinator?" })
    await dialog.getByLabel("Reason (optional)").fill("Lost phone")
    const reset = admin.waitForResponse((r) => r.url().includes("/second-factor/reset/"))
    await dialog.getByRole("button", { name: "Reset second factor" }).click()
    expect((await reset).status()).toBe(200)
    await expect.poll(() => dialog.count()).toBe(0)

    // Still required, and now without a factor: set one up again, not the code of the phone that was lost.
    const page = await coordinatorSignsIn()
    await page.getByRole("heading", { name: "Set up two-step verification" }).waitFor()
    expect(await page.getByLabel("Authentication code").count()).toBe(0)

    // The policy off again: the password alone signs in.
    await requireCategory("Website coordinator", false)
    const free = await coordinatorSignsIn()
    await onDashboard(free)
  }, 90_000)
})
