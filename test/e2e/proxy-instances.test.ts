// Three instances on one PostgreSQL behind nginx with the shipped configuration (deploy/nginx.conf), six
// signed-in Chromium tabs spread over them. One instance is killed with SIGKILL: every tab it held reconnects
// through the others by itself, and every tab ends up with each notification exactly once (those sent before,
// during and after the kill) and the unread count the database holds.

import pg from "pg"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openTestDatabase, postgresAvailable } from "../contract/harness"
import { DEMO, launchBrowser, signIn } from "./browser"
import { findNginx, type NginxProxy, startNginx } from "./nginx-proxy"
import { type ServerProcess, startServerProcess } from "./server-process"

const nginx = findNginx()
const pgUp = await postgresAvailable()
const skipped = !nginx
  ? "skipped: nginx is not installed (.ci/run installs Debian's nginx-light)"
  : !pgUp
    ? "skipped: no PostgreSQL answers at 127.0.0.1:5432"
    : null

const RECIPIENTS = [DEMO.coordinator, DEMO.viewer] as const
const TABS_PER_RECIPIENT = 3

interface Tab {
  readonly email: string
  readonly context: BrowserContext
  readonly page: Page
  /** The instance (host:port) that answered each socket upgrade of this tab, in order. */
  readonly upstreams: string[]
  /** Every socket frame and notification request the tab saw, to tell in a failure who lost what. */
  readonly trail: string[]
}

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" })
const list = (page: Page) => panel(page).getByRole("list", { name: "Notification list" })
const badgeCount = async (page: Page): Promise<number> => {
  const label = (await bell(page).getAttribute("aria-label")) ?? ""
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0)
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

describe.skipIf(skipped !== null)(skipped ?? "three instances behind nginx", () => {
  let drop: () => Promise<void> = async () => undefined
  let reader: pg.Client
  let instances: ServerProcess[] = []
  let proxy: NginxProxy
  let browser: Browser
  const tabs: Tab[] = []

  beforeAll(async () => {
    // Seeded at the tests' cost: the instances replace those hashes in the background as the tabs sign in.
    const made = await openTestDatabase("postgres")
    await made.database.close()
    drop = made.drop
    const databaseUrl = made.url ?? ""
    reader = new pg.Client({ connectionString: databaseUrl })
    await reader.connect()
    instances = await Promise.all(
      [0, 1, 2].map(() =>
        startServerProcess({ DATABASE_URL: databaseUrl, TRUST_PROXY: "true", LOG_LEVEL: "warn" }),
      ),
    )
    proxy = await startNginx(
      nginx ?? "nginx",
      instances.map((i) => i.port),
    )
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await proxy?.close()
    await Promise.allSettled(instances.map((i) => i.close()))
    await reader?.end()
    await drop()
  })

  async function openTab(email: string, password: string): Promise<Tab> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const upstreams: string[] = []
    const trail: string[] = []
    const cdp = await context.newCDPSession(page)
    await cdp.send("Network.enable")
    cdp.on("Network.webSocketHandshakeResponseReceived", (event) => {
      const headers = event.response.headers
      const upstream = Object.entries(headers).find(([name]) => name.toLowerCase() === "x-upstream")?.[1]
      if (upstream) upstreams.push(upstream)
      trail.push(`${Date.now()} upgrade ${upstream}`)
    })
    cdp.on("Network.webSocketFrameReceived", (event) => {
      const text = event.response.payloadData
      const title = /"title":"([^"]*)"/.exec(text)?.[1]
      const type = /"type":"([^"]*)"/.exec(text)?.[1]
      if (type !== "pong") trail.push(`${Date.now()} frame ${type} ${title ?? text.slice(0, 120)}`)
    })
    cdp.on("Network.webSocketClosed", () => trail.push(`${Date.now()} closed`))
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/notifications"))
        trail.push(`${Date.now()} GET ${request.url().replace(proxy.url, "")}`)
    })
    page.on("response", async (response) => {
      if (!response.url().includes("/api/v1/notifications/?")) return
      const titles = await response.text().then(
        (t) => [...t.matchAll(/"title":"([^"]*)"/g)].map((m) => m[1]).slice(0, 8),
        () => [],
      )
      trail.push(
        `${Date.now()} page ${response.status()} ${response.url().replace(proxy.url, "")} ${titles.join(" | ")}`,
      )
    })
    await signIn(page, proxy.url, email, password)
    await page.waitForURL(`${proxy.url}/dashboard`)
    await bell(page).click()
    await panel(page).getByText("Live", { exact: true }).waitFor()
    return { email, context, page, upstreams, trail }
  }

  let adminToken = ""
  async function send(to: string, title: string): Promise<void> {
    if (!adminToken) {
      const login = await fetch(`${proxy.url}/api/company/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(DEMO.admin),
      })
      adminToken = ((await login.json()) as { access: string }).access
    }
    const response = await fetch(`${proxy.url}/api/v1/notifications/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ recipient_email: to, title, message: "Sent through the proxy" }),
    })
    expect(response.status, `sending "${title}"`).toBe(201)
  }

  async function unreadInDatabase(email: string): Promise<number> {
    const { rows } = await reader.query<{ n: string }>(
      `select count(*) as n from notification n join app_user u on u.id = n.user_id
        where u.email = $1 and n.channel = 'in_app' and not n.is_read`,
      [email],
    )
    return Number(rows[0]?.n ?? -1)
  }

  it("keeps every tab live and exact when one instance is killed", async () => {
    for (const account of RECIPIENTS)
      for (let i = 0; i < TABS_PER_RECIPIENT; i++) tabs.push(await openTab(account.email, account.password))
    const sent: Record<string, string[]> = {}
    const sendLog: string[] = []
    const sendAll = async (phase: string, count: number) => {
      for (const account of RECIPIENTS)
        for (let i = 0; i < count; i++) {
          const title = `Proxy ${phase} ${i} for ${account.email}`
          await send(account.email, title)
          sent[account.email] = [...(sent[account.email] ?? []), title]
          sendLog.push(`${Date.now()} ${title}`)
        }
    }

    await sendAll("before", 2)
    for (const tab of tabs)
      for (const title of sent[tab.email] ?? [])
        await list(tab.page)
          .getByRole("link", { name: new RegExp(escapeRegExp(title)) })
          .waitFor()

    // The instance holding the most sockets dies without a word.
    const held = new Map<string, number>()
    for (const tab of tabs) {
      const current = tab.upstreams.at(-1) ?? ""
      held.set(current, (held.get(current) ?? 0) + 1)
    }
    const [victimAddress] = [...held.entries()].sort((a, b) => b[1] - a[1])[0] ?? [""]
    const victim = instances.find((i) => victimAddress.endsWith(`:${i.port}`))
    if (!victim) throw new Error(`no instance behind ${victimAddress}; sockets went to ${[...held.keys()]}`)
    const orphaned = tabs.filter((t) => t.upstreams.at(-1) === victimAddress)
    const handshakesBefore = new Map(tabs.map((t) => [t, t.upstreams.length]))
    await victim.stop("SIGKILL")
    sendLog.push(`${Date.now()} killed ${victimAddress}`)

    // Sent while the orphaned tabs are still finding their way back.
    await sendAll("during", 3)
    for (const tab of orphaned) {
      await expect
        .poll(() => tab.upstreams.length, { timeout: 60_000 })
        .toBeGreaterThan(handshakesBefore.get(tab) ?? 0)
      expect(tab.upstreams.at(-1)).not.toBe(victimAddress)
    }
    for (const tab of tabs)
      await panel(tab.page).getByText("Live", { exact: true }).waitFor({ timeout: 60_000 })
    await sendAll("after", 2)

    for (const tab of tabs) {
      for (const title of sent[tab.email] ?? []) {
        const rows = list(tab.page).getByRole("link", { name: new RegExp(`${escapeRegExp(title)}\\b`) })
        // A missing row fails with the tab's story: which instance it was on, what its socket and its
        // catch-up brought, and when each notification was sent, so the failure says who lost it.
        await rows
          .first()
          .waitFor({ timeout: 30_000 })
          .catch(() => {
            throw new Error(
              [
                `"${title}" never appeared in tab ${tabs.indexOf(tab)} of ${tab.email}`,
                `(${orphaned.includes(tab) ? "it was on the killed instance" : "its instance lived"}).`,
                `Sent: ${sendLog.join("; ")}`,
                `Tab: ${tab.trail.join("; ")}`,
              ].join("\n"),
            )
          })
        expect(await rows.count(), `"${title}" in a tab of ${tab.email}`).toBe(1)
      }
      await expect
        .poll(() => badgeCount(tab.page), { timeout: 15_000 })
        .toBe(await unreadInDatabase(tab.email))
      expect(new URL(tab.page.url()).pathname).toBe("/dashboard")
    }
    // Tabs that did not lose their instance kept their socket throughout.
    for (const tab of tabs.filter((t) => !orphaned.includes(t)))
      expect(tab.upstreams.length).toBe(handshakesBefore.get(tab))
    expect(orphaned.length).toBeGreaterThan(0)
    await Promise.all(tabs.map((t) => t.context.close()))
  }, 300_000)
})
