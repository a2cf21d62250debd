// Overdue reminders (docs/behaviour.md#reminders), driven by the server's injectable clock: a record that
// becomes overdue sends the deciding staff one `reminder` each, once; records already overdue when reminders
// began send none; and two instances on one PostgreSQL send each reminder once between them.
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DatabaseHandle } from "../../server/db/database"
import { REMINDER_SENDER, sendOverdueReminders } from "../../server/marketplace/reminders"
import { WorkRequest } from "../../src/schema/marketplace/marketplace"
import { linkTo } from "../../src/schema/system/app-routes"
import { BACKENDS, manualClock, postgresAvailable, startServer, type TestServer, testConfig } from "./harness"
import { decoded } from "./marketplace-fixture"
import { pgInstances } from "./pg-instances"

const pgUp = await postgresAvailable()
const HOUR = 3_600_000
const INTERVAL_MS = 40

const waitFor = async (check: () => Promise<boolean>, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

const newRequest = (title: string) => ({
  title,
  description: "Radiators cold upstairs since the weekend.",
  customer_name: "Rhea Reminder",
  address: "9 Queue Street, Leeds LS1 1AA",
  area: "Leeds",
  service_category: "heating",
  urgency: "normal",
})

type Db = DatabaseHandle["db"]

/** Reminder rows per (recipient, record): the whole truth of "sent once". */
const reminders = (db: Db) =>
  db
    .selectFrom("notification as n")
    .innerJoin("app_user as u", "u.id", "n.user_id")
    .select(["u.email", "u.user_category", "n.action_url", "n.title", "n.priority"])
    .where("n.notification_type", "=", "reminder")
    // The demo seed has reminders of its own, from other senders.
    .where("n.sender_name", "=", REMINDER_SENDER)
    .execute()

const started = async (db: Db) =>
  (await db.selectFrom("queue_reminder_start").select("id").execute()).length === 1

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`overdue reminders on ${backend}`, () => {
    let server: TestServer
    let admin: string
    beforeAll(async () => {
      server = await startServer({ backend, config: { reminderIntervalMs: INTERVAL_MS } })
      admin = (await server.login("admin@example.com", "admin-demo-1")).access
    })
    afterAll(() => server?.close())

    it("reminds each deciding user once of a record that became overdue, and never of the old backlog", async () => {
      const db = server.database.db
      await waitFor(() => started(db), "the first look")
      // The seeded demo has records long overdue: they were overdue before reminders began, so none is sent.
      expect(await reminders(db)).toEqual([])

      const res = await server.call("/api/v1/intake/work-requests/", {
        bearer: admin,
        json: newRequest("Cold radiators upstairs"),
      })
      const created = await decoded(res, WorkRequest, 201)
      const url = linkTo.details("work", created.uuid)
      const forIt = async () => (await reminders(db)).filter((r) => r.action_url === url)

      // Just before the threshold nothing is sent for it.
      server.clock.advance(server.config.queueOverdueAfterSeconds * 1000 - HOUR)
      await new Promise((r) => setTimeout(r, INTERVAL_MS * 5))
      expect(await forIt()).toEqual([])

      server.clock.advance(HOUR)
      const staff = await db
        .selectFrom("app_user")
        .select("email")
        .where("user_category", "in", ["admin", "website_coordinator"])
        .execute()
      await waitFor(async () => (await forIt()).length >= staff.length, "the reminder")
      // Several more looks change nothing: one reminder per person for this record.
      await new Promise((r) => setTimeout(r, INTERVAL_MS * 5))
      const sent = await forIt()
      expect(sent.map((r) => r.email).sort()).toEqual(staff.map((s) => s.email).sort())
      expect(sent.every((r) => r.title === "Overdue: Cold radiators upstairs" && r.priority === "high")).toBe(
        true,
      )
      // No person got two reminders for any record.
      const all = await reminders(db)
      const keys = all.map((r) => `${r.email} ${r.action_url}`)
      expect(new Set(keys).size).toBe(keys.length)
      expect(all.every((r) => r.user_category !== "support")).toBe(true)
    })

    it("reminds of nothing that is decided", async () => {
      const db = server.database.db
      // The clock moved past the first token's lifetime.
      admin = (await server.login("admin@example.com", "admin-demo-1")).access
      const res = await server.call("/api/v1/intake/work-requests/", {
        bearer: admin,
        json: newRequest("Decided before it was overdue"),
      })
      const created = await decoded(res, WorkRequest, 201)
      const approved = await server.call(`/api/v1/work-requests/${created.uuid}/approve/`, {
        bearer: admin,
        json: {},
      })
      expect(approved.status).toBe(200)
      server.clock.advance(server.config.queueOverdueAfterSeconds * 1000 + HOUR)
      await new Promise((r) => setTimeout(r, INTERVAL_MS * 5))
      const url = linkTo.details("work", created.uuid)
      expect((await reminders(db)).filter((r) => r.action_url === url)).toEqual([])
    })
  })
}

describe.skipIf(!pgUp)("overdue reminders with two instances on PostgreSQL", () => {
  const instances = pgInstances("backoffice_reminders", { config: { reminderIntervalMs: 15 } })

  it("sends exactly one reminder per deciding user per newly overdue record", async () => {
    const handles = instances.list.map((i) => i.database)
    const clocks = instances.list.map((i) => i.clock)
    const db = instances.pair()[0].database.db
    await waitFor(() => started(db), "the first look")
    const overdue = testConfig().queueOverdueAfterSeconds * 1000
    // Two days forward: every seeded pending record younger than the threshold at start becomes overdue.
    for (const clock of clocks) clock.advance(2 * 24 * HOUR)
    // Both timers run, and both instances also look at once, again and again.
    for (let i = 0; i < 5; i++)
      await Promise.all(
        handles.map((h) =>
          sendOverdueReminders(h.db, {
            now: new Date((clocks[0] ?? manualClock()).now()),
            overdueAfterSeconds: overdue / 1000,
          }),
        ),
      )
    await new Promise((r) => setTimeout(r, 200))
    const claimed = await db.selectFrom("queue_reminder").select(["record_kind", "record_uuid"]).execute()
    expect(claimed.length).toBeGreaterThan(0)
    const staff = await db
      .selectFrom("app_user")
      .select("id")
      .where("user_category", "in", ["admin", "website_coordinator"])
      .execute()
    const rows = await sql<{ user_id: number; action_url: string; n: string }>`
      select user_id, action_url, count(*) as n from notification
      where notification_type = 'reminder' and sender_name = ${REMINDER_SENDER} group by user_id, action_url`.execute(
      db,
    )
    expect(rows.rows.every((r) => Number(r.n) === 1)).toBe(true)
    expect(rows.rows.length).toBe(claimed.length * staff.length)
    const urls = new Set(rows.rows.map((r) => r.action_url))
    expect(urls).toEqual(new Set(claimed.map((c) => linkTo.record(c.record_kind, c.record_uuid))))
  })
})
