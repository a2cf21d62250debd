import { spawn } from "node:child_process"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, newPage } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// A real team's first steps: the sign-in page says the demo accounts exist; an operator invites a colleague
// with `npm run user:create -- --invite`, and the colleague opens the link, is told which password rule a
// password breaks, chooses one and lands signed in; the link then says it was used, instead of a form.

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

/** The CLI on the server's own data folder: the embedded database takes one process at a time. */
async function inviteLink(email: string, category: string): Promise<string> {
  await server.stop()
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "server/accounts/user-create-cli.ts",
        "--email",
        email,
        "--category",
        category,
        "--invite",
      ],
      { env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "", APP_URL: server.url } },
    )
    let out = ""
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString()
    })
    child.stderr.on("data", (d: Buffer) => {
      out += d.toString()
    })
    child.on("error", reject)
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(out))))
  })
  await server.restart()
  const link = output.split("\n").find((line) => line.startsWith(`${server.url}/invite/`))
  if (!link) throw new Error(`no link in:\n${output}`)
  return link
}

describe("accounts for a real team", () => {
  it("the sign-in page says in one line that the demo accounts exist, without moving the form", async () => {
    const { context, page } = await newPage(browser)
    // The server's answer is held until the form has shown, as on a slow network, then passed on as it came.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route("**/api/company/sign-in-notice/", async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${server.url}/login`)
    const signIn = page.getByRole("button", { name: "Sign in", exact: true })
    await signIn.waitFor()
    const before = await signIn.boundingBox()
    release()
    await expect
      .poll(() => page.getByRole("note").textContent())
      .toMatch(/demo accounts, whose passwords are published/)
    expect(await signIn.boundingBox()).toEqual(before)
    await context.close()
  })

  it("an invited colleague chooses a name and a password and is signed in; the link then works no more", async () => {
    const link = await inviteLink("nia.new@firm.example", "website_coordinator")
    const { context, page } = await newPage(browser)
    await page.goto(link)
    await page.getByRole("heading", { name: "Join the back office" }).waitFor()
    expect(await page.getByText("nia.new@firm.example").count()).toBe(1)
    await page.getByLabel("Full name").fill("Nia New")
    await page.getByLabel("Password", { exact: true }).fill("short one")
    await page.getByRole("button", { name: "Create my account" }).click()
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Password: use at least 12 characters.")
    await page.getByLabel("Password", { exact: true }).fill("tangerine orbit lantern")
    await page.getByRole("button", { name: "Create my account" }).click()
    await page.waitForURL(`${server.url}/dashboard`)
    await expect
      .poll(() => page.getByRole("button", { name: /^User menu for / }).textContent(), { timeout: 10_000 })
      .toMatch(/Nia New/)
    await context.close()

    const other = await newPage(browser)
    await other.page.goto(link)
    await other.page.getByRole("heading", { name: "This invitation has already been used" }).waitFor()
    expect(await other.page.getByRole("textbox").count()).toBe(0)
    await other.context.close()
    // Stopping the server, running the tool and starting the server again takes most of this test's time.
  }, 240_000)
})
