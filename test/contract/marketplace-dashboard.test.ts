// The dashboard summary agrees with the lists, names the oldest waiting items, shows the latest activity, and
// counts the user's own unread notifications.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DashboardSummary } from "../../src/schema/dashboard/dashboard"
import { WorkRequest, WorkRequestDetail } from "../../src/schema/marketplace/marketplace"
import {
  CompanyApplicationPage,
  MaintenanceRequestPage,
  ProviderPage,
  WorkRequestPage,
} from "../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "./harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "./marketplace-fixture"

const pgUp = await postgresAvailable()
const SUMMARY = "/api/v1/dashboard/summary/"

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`marketplace dashboard on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const summary = async (token: string) => decoded(await m.get(SUMMARY, token), DashboardSummary)
    const count = async (
      path: string,
      schema:
        | typeof WorkRequestPage
        | typeof MaintenanceRequestPage
        | typeof CompanyApplicationPage
        | typeof ProviderPage,
    ) => (await decoded(await m.get(path, m.tokens.viewer), schema)).count
    /** Straight from the table, not through any endpoint: what the dashboard must agree with. */
    const unreadInTable = async (email: string) => {
      const row = await m.server.database.db
        .selectFrom("notification")
        .innerJoin("app_user", "app_user.id", "notification.user_id")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("app_user.email", "=", email)
        .where("notification.channel", "=", "in_app")
        .where("notification.is_read", "=", false)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }

    it("every count equals the matching list's count", async () => {
      const s = await summary(m.tokens.viewer)
      for (const status of ["pending", "approved", "rejected"] as const) {
        expect(s.work_requests[status]).toBe(
          await count(`/api/v1/work-requests/?status=${status}`, WorkRequestPage),
        )
        expect(s.maintenance_requests[status]).toBe(
          await count(`/api/v1/maintenance-requests/?status=${status}`, MaintenanceRequestPage),
        )
      }
      for (const status of ["pending", "accepted", "rejected"] as const)
        expect(s.company_applications[status]).toBe(
          await count(`/api/v1/company-applications/?status=${status}`, CompanyApplicationPage),
        )
      expect(s.providers.active).toBe(await count("/api/v1/providers/?active=true", ProviderPage))
      expect(s.providers.inactive).toBe(await count("/api/v1/providers/?active=false", ProviderPage))
      expect(s.work_requests.pending).toBeGreaterThan(0)
    })

    it("the oldest pending item of each kind is the head of its queue", async () => {
      const s = await summary(m.tokens.coordinator)
      const head = async (path: string, schema: typeof WorkRequestPage | typeof MaintenanceRequestPage) =>
        (await decoded(await m.get(`${path}?status=pending&page_size=1`, m.tokens.viewer), schema)).results[0]
      const work = await head("/api/v1/work-requests/", WorkRequestPage)
      expect(s.oldest_pending.work_request).toEqual({
        uuid: work?.uuid,
        title: work?.title,
        submitted_at: work?.submitted_at,
      })
      const maintenance = await head("/api/v1/maintenance-requests/", MaintenanceRequestPage)
      expect(s.oldest_pending.maintenance_request?.uuid).toBe(maintenance?.uuid)
      const application = (
        await decoded(
          await m.get("/api/v1/company-applications/?status=pending&page_size=1", m.tokens.viewer),
          CompanyApplicationPage,
        )
      ).results[0]
      expect(s.oldest_pending.company_application).toEqual({
        uuid: application?.uuid,
        title: application?.company_name,
        submitted_at: application?.submitted_at,
      })
    })

    it("recent activity lists the last ten audit entries, newest first, and follows new actions", async () => {
      const before = await summary(m.tokens.viewer)
      expect(before.recent_activity).toHaveLength(10)
      const times = before.recent_activity.map((a) => a.at)
      expect(times).toEqual([...times].sort().reverse())

      const target = (
        await decoded(
          await m.get("/api/v1/work-requests/?status=pending&page_size=1", m.tokens.viewer),
          WorkRequestPage,
        )
      ).results[0]
      if (!target) throw new Error("no pending work request")
      await decoded(
        await m.post(`/api/v1/work-requests/${target.uuid}/approve/`, m.tokens.coordinator),
        WorkRequestDetail,
      )
      const after = await summary(m.tokens.viewer)
      expect(after.recent_activity[0]).toMatchObject({
        action: "approved",
        record_kind: "work_request",
        record_uuid: target.uuid,
        record_title: target.title,
        actor_name: "Corey Coordinator",
        from_status: "pending",
        to_status: "approved",
      })
      expect(after.recent_activity.slice(1)).toEqual(before.recent_activity.slice(0, 9))
      expect(after.work_requests.pending).toBe(before.work_requests.pending - 1)
      expect(after.work_requests.approved).toBe(before.work_requests.approved + 1)
    })

    it("unread notifications are the signed-in user's own, and move with new submissions and decisions", async () => {
      const first = {
        admin: (await summary(m.tokens.admin)).unread_notifications,
        coordinator: (await summary(m.tokens.coordinator)).unread_notifications,
        viewer: (await summary(m.tokens.viewer)).unread_notifications,
      }
      expect(first.admin).toBe(await unreadInTable("admin@example.com"))
      expect(first.coordinator).toBe(await unreadInTable("coordinator@example.com"))

      const body = {
        title: "Leaking boiler",
        description: "Water under the boiler since this morning.",
        customer_name: "Dana Dash",
        address: "4 Mill Lane, Leeds LS6 2AB",
        area: "Leeds",
        service_category: "heating",
        urgency: "emergency",
      }
      const created = await decoded(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, body),
        WorkRequest,
        201,
      )
      // A submission from outside reaches every admin and coordinator, and nobody else.
      expect((await summary(m.tokens.admin)).unread_notifications).toBe(first.admin + 1)
      expect((await summary(m.tokens.coordinator)).unread_notifications).toBe(first.coordinator + 1)
      expect((await summary(m.tokens.viewer)).unread_notifications).toBe(first.viewer)

      // A decision reaches the others, not the one who made it.
      await decoded(
        await m.post(`/api/v1/work-requests/${created.uuid}/approve/`, m.tokens.coordinator),
        WorkRequestDetail,
      )
      expect((await summary(m.tokens.coordinator)).unread_notifications).toBe(first.coordinator + 1)
      expect((await summary(m.tokens.admin)).unread_notifications).toBe(first.admin + 2)
      expect((await summary(m.tokens.admin)).unread_notifications).toBe(
        await unreadInTable("admin@example.com"),
      )
    })

    it("needs a signed-in user", async () => {
      await expectDetail(await m.get(SUMMARY), 401)
      await expectDetail(await m.get(SUMMARY, "not-a-token"), 401)
    })
  })
}
