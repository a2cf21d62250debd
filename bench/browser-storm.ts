// Browser storm: 1,000 notifications sent within about a second reach a signed-in tab over the socket.
// Checks that every one is counted (the bell's unread count is exact), that toasts are coalesced (a handful
// on screen, not a thousand), and reports the page's long tasks (PerformanceObserver). Goal: none over 100 ms.
// The server runs on PostgreSQL (a database made for the run and dropped after), so that this process can
// write the notifications itself, as notify() does (the rows and their NOTIFY in one transaction), but 100
// rows per statement: the API, or notify() called once per row, would pace the storm at their own speed
// (notify() per row took 9 s for 1,000 on this machine, not the 1 s the storm is about).
// Usage: node --import tsx bench/browser-storm.ts [--count 1000] (needs `npx vite build` first)

import { sql } from "kysely"
import { openDatabase } from "../server/db/database"
import { NEW_NOTIFICATION_CHANNEL, newNotificationPayload } from "../server/notifications/channels"
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import { createBenchDatabase } from "./pg-database"

const at = process.argv.indexOf("--count")
const COUNT = at > 0 ? Number(process.argv[at + 1]) || 1000 : 1000
// Ten transactions a tenth of a second apart: the listener is woken ten times, 100 rows each.
const BATCHES = 10

const bench = await createBenchDatabase("bench_storm")
const url = bench.url
const seed = await import("node:child_process").then(({ spawnSync }) =>
  spawnSync("npm", ["run", "--silent", "seed"], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  }),
)
if (seed.status !== 0) throw new Error(`seeding failed: ${seed.stderr}`)
const server = await startServerProcess({ DATABASE_URL: url })
const database = await openDatabase({ kind: "postgres", url })
const recipient = await database.db
  .selectFrom("app_user")
  .select("id")
  .where("email", "=", DEMO.coordinator.email)
  .executeTakeFirstOrThrow()
const browser = await launchBrowser()
try {
  const { page } = await newPage(browser)
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  const bell = page.getByRole("button", { name: /^Notifications/ })
  await bell.waitFor()
  await page.waitForTimeout(1500) // the socket connects and the first unread count arrives
  const unread = async () =>
    Number(((await bell.getAttribute("aria-label")) ?? "").match(/(\d+) unread/)?.[1] ?? 0)
  const before = await unread()
  await page.evaluate(() => {
    const tasks: number[] = []
    window.__longTasks = tasks
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration)
    }).observe({ type: "longtask", buffered: false })
  })

  const sent = performance.now()
  for (let batch = 0; batch < BATCHES; batch++) {
    await database.db.transaction().execute(async (tx) => {
      const rows = await tx
        .insertInto("notification")
        .values(
          Array.from({ length: Math.ceil((COUNT - batch) / BATCHES) }, (_, k) => ({
            user_id: recipient.id,
            channel: "in_app" as const,
            notification_type: "system" as const,
            title: `Storm ${batch + k * BATCHES}`,
            message: "storm",
            priority: "medium" as const,
            is_read: false,
          })),
        )
        .returning(["id", "user_id"])
        .execute()
      const payloads = rows.map((r) => newNotificationPayload(r.user_id, r.id))
      await sql`select pg_notify(${NEW_NOTIFICATION_CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(
        tx,
      )
    })
    const due = sent + ((batch + 1) * 1000) / BATCHES
    if (performance.now() < due) await new Promise((r) => setTimeout(r, due - performance.now()))
  }
  const sendMs = performance.now() - sent
  await page.waitForFunction(
    (expected) => {
      const label =
        document.querySelector('button[aria-label^="Notifications"]')?.getAttribute("aria-label") ?? ""
      return Number(label.match(/(\d+) unread/)?.[1] ?? 0) >= expected
    },
    before + COUNT,
    { timeout: 60_000 },
  )
  const arrivedMs = performance.now() - sent
  await page.waitForTimeout(1000) // anything still rendering lands in the long-task log
  const after = await unread()
  const toasts = await page.locator("[data-sonner-toast]").count()
  const longTasks = await page.evaluate(() => {
    if (!window.__longTasks) throw new Error("no long-task observer in the page")
    return window.__longTasks
  })
  console.log(`browser storm: ${COUNT} notifications over the socket to one tab`)
  console.table([
    {
      "sent in ms": Math.round(sendMs),
      "all counted after ms": Math.round(arrivedMs),
      "unread exact": after === before + COUNT,
      "toasts on screen": toasts,
      "long tasks": longTasks.length,
      "longest task ms": Math.round(Math.max(0, ...longTasks)),
      "tasks over 100 ms": longTasks.filter((d) => d > 100).length,
    },
  ])
} finally {
  await browser.close()
  await server.close()
  await database.close()
  await bench.drop()
}
