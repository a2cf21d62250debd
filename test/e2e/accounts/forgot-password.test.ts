import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linkIn, type SmtpSink, startSmtpSink } from "../../contract/accounts/smtp-sink"
import { launchBrowser, newPage } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// A forgotten password, as a person lives it: "Forgot password?" on the sign-in page, the email typed, the
// link read from the mail (a real SMTP server on loopback, which the server process mails through), a new
// password chosen and the person signed in; the old password then no longer works, nor the link.

const EMAIL = "viewer@example.com"
const OLD = "viewer-demo-1"
const NEW = "quartz meadow ferry lamp"

let smtp: SmtpSink
let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  smtp = await startSmtpSink()
  server = await startServerProcess({ SMTP_URL: smtp.url, MAIL_FROM: "Back office <office@firm.example>" })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await smtp?.close()
})

describe("forgot password", () => {
  it("mails a link that sets a new password and signs in; the old password and the link then fail", async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${server.url}/login`)
    await page.getByRole("link", { name: "Forgot password?" }).click()
    await page.waitForURL(`${server.url}/forgot-password`)
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor()
    await page.getByLabel("Email").fill(EMAIL)
    await page.getByRole("button", { name: "Send reset link" }).click()
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/If an account has this email/)

    const link = linkIn(await smtp.waitFor(EMAIL), "/reset-password/")
    expect(link.startsWith(`${server.url}/reset-password/`)).toBe(true)
    await page.goto(link)
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor()
    expect(await page.getByText(EMAIL).count()).toBe(1)
    await page.getByLabel("New password", { exact: true }).fill("short one")
    await page.getByRole("button", { name: "Save and sign in" }).click()
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Password: use at least 12 characters.")
    await page.getByLabel("New password", { exact: true }).fill(NEW)
    await page.getByRole("button", { name: "Save and sign in" }).click()
    await page.waitForURL(`${server.url}/dashboard`)
    await expect
      .poll(() => page.getByRole("button", { name: /^User menu for / }).count(), { timeout: 10_000 })
      .toBe(1)
    await context.close()

    const old = await fetch(`${server.url}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: OLD }),
    })
    expect(old.status).toBe(401)

    const again = await newPage(browser)
    await again.page.goto(link)
    await again.page
      .getByRole("heading", { name: "This password-reset link has already been used" })
      .waitFor()
    expect(await again.page.getByRole("textbox").count()).toBe(0)
    await again.page.goto(`${server.url}/login`)
    await again.page.getByLabel("Email").fill(EMAIL)
    await again.page.getByLabel("Password", { exact: true }).fill(NEW)
    await again.page.getByRole("button", { name: "Sign in", exact: true }).click()
    await again.page.waitForURL(`${server.url}/dashboard`)
    await again.context.close()
  }, 120_000)
})
