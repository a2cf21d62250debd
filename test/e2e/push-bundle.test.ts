// The REAL build (dist, from global-setup.ts; no firebase configuration): the sign-in page's JavaScript as
// Chromium loads it holds no firebase code, while the build does hold firebase in a chunk of its own (so the
// check can fail), the fake PushMessaging is absent, and a signed-in page without configuration reports push
// unavailable with a console warning and never downloads firebase.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

const FIREBASE_CODE = /firebase|FirebaseError|@firebase\//
/** Unmistakably the SDK itself, not a module that merely names it. */
const FIREBASE_SDK = /FirebaseError|firebaseinstallations\.googleapis\.com/
const assets = readdirSync("dist/assets").filter((f) => f.endsWith(".js"))
const source = (file: string) => readFileSync(join("dist/assets", file), "utf8")

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

describe("push in the real build", () => {
  it("holds the firebase SDK in its own chunk, and never the fake", () => {
    const firebaseChunks = assets.filter((f) => FIREBASE_SDK.test(source(f)))
    expect(firebaseChunks.length).toBeGreaterThan(0)
    expect(firebaseChunks.every((f) => f.startsWith("push-messaging-firebase-"))).toBe(true)
    expect(assets.filter((f) => source(f).includes("__pushFake"))).toEqual([])
  })

  it("loads no firebase code on the sign-in page, and none after sign-in without configuration", async () => {
    const { context, page } = await newPage(browser)
    const scripts: { url: string; body: string }[] = []
    const pending: Promise<void>[] = []
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return
      pending.push(
        res.text().then(
          (body) => void scripts.push({ url: res.url(), body }),
          () => undefined,
        ),
      )
    })
    const warnings: string[] = []
    page.on("console", (msg) => {
      if (msg.type() === "warning") warnings.push(msg.text())
    })

    await page.goto(`${server.url}/login`)
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor()
    await Promise.all(pending)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((s) => FIREBASE_CODE.test(s.body)).map((s) => s.url)).toEqual([])

    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await expect.poll(() => warnings.some((w) => w.includes("Push messaging unavailable"))).toBe(true)
    await Promise.all(pending)
    expect(scripts.filter((s) => s.url.includes("push-messaging-firebase")).map((s) => s.url)).toEqual([])
    // The rest of the app goes on: the settings page says in words why push is not available; the variables
    // to set went to the console.
    await page.goto(`${server.url}/settings`)
    await page.getByText(/Push notifications are not available here\. This site is not set up/).waitFor()
    expect(warnings.some((w) => w.includes("VITE_FIREBASE_API_KEY"))).toBe(true)
    await context.close()
  })
})
