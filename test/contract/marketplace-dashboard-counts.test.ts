// The dashboard's figures one by one: rows are added to every queue, state and wait in a different number
// each, so a figure read from another queue, state or threshold cannot give the expected answer (the seeded
// data alone has equal counts in places, e.g. as many pending as approved work requests).
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../server/db/schema"
import { DashboardSummary } from "../../src/schema/dashboard/dashboard"
import type { ApplicationStatus, RequestKind, RequestStatus } from "../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "./harness"
import { decoded, type MarketplaceServer, startMarketplace } from "./marketplace-fixture"

const pgUp = await postgresAvailable()
const SUMMARY = "/api/v1/dashboard/summary/"

type Db = Kysely<Database>

const indexes = (n: number) => Array.from({ length: n }, (_, i) => i)

const addRequests = (db: Db, kind: RequestKind, status: RequestStatus, n: number, submitted_at: Date) =>
  db
    .insertInto("service_request")
    .values(
      indexes(n).map((i) => ({
        kind,
        title: `Counted ${kind} ${status} ${i}`,
        description: "Added by the count test.",
        customer_name: "Count Test",
        location: "1 Count Lane",
        area: "Leeds",
        service_category: "plumbing" as const,
        urgency: "normal" as const,
        urgency_rank: 1,
        preferred_from: null,
        preferred_to: null,
        budget_pence: null,
        photos: [],
        submitted_at,
        status,
        decided_at: null,
        decided_by_user_id: null,
        decided_by_name: null,
        reason: null,
        search_text: "counted",
      })),
    )
    .execute()

const addApplications = (db: Db, status: ApplicationStatus, n: number, submitted_at: Date) =>
  db
    .insertInto("company_application")
    .values(
      indexes(n).map((i) => ({
        company_name: `Counted ${status} ${i} Ltd`,
        contact_name: "Count Test",
        contact_email: "count@example.com",
        contact_phone: "0100 000 000",
        services_offered: ["plumbing" as const],
        service_area: ["Leeds"],
        registration_number: `C${status}${i}`,
        documents: "[]",
        submitted_at,
        status,
        decided_at: null,
        decided_by_user_id: null,
        decided_by_name: null,
        reason: null,
        search_text: "counted",
      })),
    )
    .execute()

const addProviders = (db: Db, active: boolean, n: number) =>
  db
    .insertInto("provider")
    .values(
      indexes(n).map((i) => ({
        company_name: `Counted provider ${active} ${i}`,
        services: ["plumbing" as const],
        service_area: ["Leeds"],
        rating: null,
        active,
        application_id: null,
        created_at: new Date(),
        search_text: "counted",
      })),
    )
    .execute()

const addNotifications = (
  db: Db,
  userId: number,
  n: number,
  state: { readonly is_read: boolean; readonly channel: "in_app" | "push" },
) =>
  db
    .insertInto("notification")
    .values(
      indexes(n).map((i) => ({
        user_id: userId,
        notification_type: "system" as const,
        title: `Counted ${i}`,
        message: "Added by the count test.",
        priority: "low" as const,
        ...state,
      })),
    )
    .execute()

/** What each figure of `to` gained over `from`. */
const moved = (from: Readonly<Record<string, number>>, to: Readonly<Record<string, number>>) =>
  Object.fromEntries(Object.entries(to).map(([key, n]) => [key, n - (from[key] ?? 0)]))

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`dashboard counts on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const summary = async (token: string) => decoded(await m.get(SUMMARY, token), DashboardSummary)

    it("each figure moves by exactly the rows added to its own queue, state and wait", async () => {
      const db = m.server.database.db
      const now = m.server.clock.now()
      const { queueDueAfterSeconds: due, queueOverdueAfterSeconds: overdue } = m.server.config
      const at = {
        fresh: new Date(now - 60_000),
        due: new Date(now - ((due + overdue) / 2) * 1000),
        // Older than anything seeded, so the overdue rows also head their queues.
        overdue: new Date(now - (overdue + 365 * 24 * 3600) * 1000),
      }
      const admin = await db
        .selectFrom("app_user")
        .select("id")
        .where("email", "=", "admin@example.com")
        .executeTakeFirstOrThrow()

      const before = { admin: await summary(m.tokens.admin), viewer: await summary(m.tokens.viewer) }
      await addRequests(db, "work", "pending", 1, at.fresh)
      await addRequests(db, "work", "approved", 2, at.fresh)
      await addRequests(db, "work", "rejected", 3, at.fresh)
      await addRequests(db, "maintenance", "pending", 4, at.fresh)
      await addRequests(db, "maintenance", "approved", 5, at.fresh)
      await addRequests(db, "maintenance", "rejected", 6, at.fresh)
      await addApplications(db, "pending", 7, at.fresh)
      await addApplications(db, "accepted", 8, at.fresh)
      await addApplications(db, "rejected", 9, at.fresh)
      await addProviders(db, true, 10)
      await addProviders(db, false, 11)
      await addRequests(db, "work", "pending", 12, at.due)
      await addRequests(db, "work", "pending", 13, at.overdue)
      await addRequests(db, "maintenance", "pending", 14, at.due)
      await addRequests(db, "maintenance", "pending", 15, at.overdue)
      await addApplications(db, "pending", 16, at.due)
      await addApplications(db, "pending", 17, at.overdue)
      await addNotifications(db, admin.id, 18, { is_read: false, channel: "in_app" })
      // Neither counts: one is read, the other is not on the bell's channel.
      await addNotifications(db, admin.id, 1, { is_read: true, channel: "in_app" })
      await addNotifications(db, admin.id, 1, { is_read: false, channel: "push" })
      const after = await summary(m.tokens.admin)

      expect(moved(before.admin.work_requests, after.work_requests)).toEqual({
        pending: 1 + 12 + 13,
        approved: 2,
        rejected: 3,
        // Approved and nobody accepted them yet.
        awaiting_providers: 2,
      })
      expect(moved(before.admin.maintenance_requests, after.maintenance_requests)).toEqual({
        pending: 4 + 14 + 15,
        approved: 5,
        rejected: 6,
        awaiting_providers: 5,
      })
      expect(moved(before.admin.company_applications, after.company_applications)).toEqual({
        pending: 7 + 16 + 17,
        accepted: 8,
        rejected: 9,
      })
      expect(moved(before.admin.providers, after.providers)).toEqual({ active: 10, inactive: 11 })
      expect(moved(before.admin.waiting.work_request, after.waiting.work_request)).toEqual({
        due: 12,
        overdue: 13,
      })
      expect(moved(before.admin.waiting.maintenance_request, after.waiting.maintenance_request)).toEqual({
        due: 14,
        overdue: 15,
      })
      expect(moved(before.admin.waiting.company_application, after.waiting.company_application)).toEqual({
        due: 16,
        overdue: 17,
      })
      expect(after.unread_notifications - before.admin.unread_notifications).toBe(18)
      // Another user's rows are not the viewer's.
      expect((await summary(m.tokens.viewer)).unread_notifications).toBe(before.viewer.unread_notifications)
      // Rows of one batch share their time: the first inserted heads its queue (oldest first, then id).
      const submitted_at = at.overdue.toISOString()
      expect(after.oldest_pending).toEqual({
        work_request: { uuid: expect.any(String), title: "Counted work pending 0", submitted_at },
        maintenance_request: {
          uuid: expect.any(String),
          title: "Counted maintenance pending 0",
          submitted_at,
        },
        company_application: { uuid: expect.any(String), title: "Counted pending 0 Ltd", submitted_at },
      })
    })
  })
}
