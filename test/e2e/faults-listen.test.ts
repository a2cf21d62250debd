// Fault, on PostgreSQL: the server's LISTEN connection is terminated (pg_terminate_backend) under a signed-in
// page. The server must listen again and the page must catch up on what it missed, without a reload.
// Runs against the machine's PostgreSQL at 127.0.0.1:5432 on a database of its own, dropped afterwards;
// skipped when none answers.
import { execFileSync } from "node:child_process"
import pg from "pg"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postgresAvailable } from "../contract/harness"
import { DEMO, launchBrowser, newPage, signIn } from "./browser"
import { type ServerProcess, startServerProcess } from "./server-process"

const pgUp = await postgresAvailable()
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const NAME = `backoffice_e2e_listen_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
const DB_URL = (() => {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${NAME}`
  return url.toString()
})()

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query<R>(text, values)
  } finally {
    await client.end()
  }
}

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ })
const badgeCount = async (page: Page): Promise<number> => {
  const label = (await bell(page).getAttribute("aria-label")) ?? ""
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0)
}

describe.skipIf(!pgUp)("LISTEN connection terminated on PostgreSQL", () => {
  let server: ServerProcess
  let browser: Browser

  beforeAll(async () => {
    await query(ADMIN_URL, `create database ${NAME}`)
    execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
      env: { ...process.env, DATABASE_URL: DB_URL },
      stdio: "pipe",
    })
    server = await startServerProcess({ DATABASE_URL: DB_URL })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await query(ADMIN_URL, `drop database if exists ${NAME} with (force)`)
  })

  it("listens again, and the signed-in page shows what it missed without a reload", async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await bell(page).click()
    const panel = page.getByRole("dialog", { name: "Notifications" })
    await panel.getByText("Live", { exact: true }).waitFor()
    await expect.poll(() => badgeCount(page)).toBeGreaterThan(0)
    const before = await badgeCount(page)

    const killed = await query(
      ADMIN_URL,
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      [NAME],
    )
    expect(killed.rowCount).toBeGreaterThanOrEqual(1)
    // Written as the app writes it, the row and its place in the live change log, but without a NOTIFY, as if
    // sent while nobody listened: only the catch-up from the log can bring it to the page.
    const coordinator = await query<{ id: number }>(DB_URL, "select id from app_user where email = $1", [
      DEMO.coordinator.email,
    ])
    await query(
      DB_URL,
      `with sent as (
         insert into notification (user_id, channel, notification_type, title, message, priority)
         values ($1, 'in_app', 'system_alert', 'Sent while the listener was down', 'm', 'high')
         returning id, user_id)
       insert into live_change (topic, user_id, ref) select 'notification', user_id, id::text from sent`,
      [coordinator.rows[0]?.id],
    )

    const missed = panel.getByRole("link", { name: /Sent while the listener was down/ })
    await missed.waitFor({ timeout: 30_000 })
    await expect.poll(() => badgeCount(page)).toBe(before + 1)
    expect(await missed.count()).toBe(1)
    expect(new URL(page.url()).pathname).toBe("/dashboard")
    await expect.poll(() => server.output()).toContain("live change listener reconnected")
    await context.close()
  }, 180_000)
})
