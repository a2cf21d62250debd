// The intake API: who may submit (the intake key or an admin), what a valid submission is, and what it
// creates (a pending record, its "submitted" audit entry, and a notification for every coordinator and admin).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  CompanyApplication,
  CompanyApplicationDetail,
  MaintenanceRequest,
  MaintenanceRequestDetail,
  WorkRequest,
} from "../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "./harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "./marketplace-fixture"

const pgUp = await postgresAvailable()
const KEY = "test-intake-key-0123456789abcdef"
const APPLICATIONS = "/api/v1/intake/company-applications/"
const WORK = "/api/v1/intake/work-requests/"
const MAINTENANCE = "/api/v1/intake/maintenance-requests/"

const application = {
  company_name: "Quayside Roofing Ltd",
  contact_name: "Morgan Hale",
  contact_email: "morgan@quaysideroofing.co.uk",
  contact_phone: "07700 900123",
  services_offered: ["roofing", "damp_proofing"],
  service_area: ["Bristol", "Bath"],
  registration_number: "09876543",
  documents: [{ name: "insurance-2025.pdf", kind: "insurance" }],
}

const maintenance = {
  title: "Quarterly gutter clearance",
  description: "Gutters on blocks A and B.",
  customer_name: "Sam Site",
  site: "Riverside Court, Leeds",
  area: "Leeds",
  service_category: "roofing",
  urgency: "low",
  preferred_dates: ["2030-03-01", "2030-03-14"],
  budget: 45000,
  photos: ["gutter.jpg"],
}

const work = {
  ...maintenance,
  site: undefined,
  address: "12 Canal Wharf, Leeds",
  title: "Slipped tiles",
  urgency: "high",
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`marketplace intake on ${backend}`, () => {
    let m: MarketplaceServer
    const withKey = (path: string, json: unknown, key = KEY) =>
      m.server.call(path, { method: "POST", json, headers: { "x-intake-key": key } })

    beforeAll(async () => {
      // Read when the routes are registered, as the server reads it at start.
      process.env.INTAKE_KEY = KEY
      m = await startMarketplace(backend)
    })
    afterAll(async () => {
      delete process.env.INTAKE_KEY
      await m?.close()
    })

    it("accepts the intake key or an admin; refuses everyone else", async () => {
      await decoded(await withKey(MAINTENANCE, maintenance), MaintenanceRequest, 201)
      await decoded(await m.post(MAINTENANCE, m.tokens.admin, maintenance), MaintenanceRequest, 201)
      await expectDetail(await m.post(MAINTENANCE, undefined, maintenance), 401)
      await expectDetail(await withKey(MAINTENANCE, maintenance, "wrong-key"), 401, /intake key/)
      await expectDetail(await withKey(MAINTENANCE, maintenance, `${KEY}x`), 401, /intake key/)
      await expectDetail(await m.post(MAINTENANCE, m.tokens.coordinator, maintenance), 403)
      await expectDetail(await m.post(MAINTENANCE, m.tokens.viewer, maintenance), 403)
    })

    it("invalid submissions → 400 naming the field, and nothing is created", async () => {
      const before = await m.server.database.db
        .selectFrom("service_request")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow()
      const bad: Array<[string, unknown, RegExp]> = [
        [WORK, { ...work, title: undefined }, /^title: .*required/],
        [WORK, { ...work, title: "  " }, /^title/],
        [WORK, { ...work, address: undefined }, /^address/],
        [WORK, { ...work, site: "Somewhere" }, /^site: Unknown field/],
        [WORK, { ...work, service_category: "welding" }, /^service_category/],
        [WORK, { ...work, urgency: "asap" }, /^urgency/],
        [WORK, { ...work, budget: -5 }, /^budget/],
        [WORK, { ...work, budget: 12.5 }, /^budget/],
        [WORK, { ...work, preferred_dates: ["2030-03-14", "2030-03-01"] }, /^preferred_dates/],
        [WORK, { ...work, preferred_dates: ["14/03/2030", "2030-03-20"] }, /^preferred_dates/],
        [WORK, { ...work, photos: "a.jpg" }, /^photos/],
        [MAINTENANCE, { ...maintenance, description: "x".repeat(4001) }, /^description/],
        [MAINTENANCE, [], /./],
        [APPLICATIONS, { ...application, contact_email: "not-an-email" }, /^contact_email/],
        [APPLICATIONS, { ...application, services_offered: [] }, /^services_offered/],
        [APPLICATIONS, { ...application, services_offered: ["roofing", "roofing"] }, /^services_offered/],
        [APPLICATIONS, { ...application, service_area: [] }, /^service_area/],
        [APPLICATIONS, { ...application, registration_number: "!" }, /^registration_number/],
        [APPLICATIONS, { ...application, documents: [{ name: "a.pdf", kind: "selfie" }] }, /^documents/],
        [APPLICATIONS, { ...application, contact_phone: "call me" }, /^contact_phone/],
      ]
      for (const [path, body, pattern] of bad) await expectDetail(await withKey(path, body), 400, pattern)
      await expectDetail(
        await m.server.call(WORK, {
          body: "{",
          contentType: "application/json",
          headers: { "x-intake-key": KEY },
        }),
        400,
      )
      const after = await m.server.database.db
        .selectFrom("service_request")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow()
      expect(Number(after.n)).toBe(Number(before.n))
    })

    it("a work request lands pending with its submission in the audit trail", async () => {
      const created = await decoded(await withKey(WORK, work), WorkRequest, 201)
      expect(created).toMatchObject({
        kind: "work",
        status: "pending",
        title: work.title,
        address: work.address,
        area: "Leeds",
        preferred_dates: work.preferred_dates,
        budget: 45000,
        selected_providers: [],
        decided_by: null,
      })
      const detail = await decoded(
        await m.get(`/api/v1/work-requests/${created.uuid}/`, m.tokens.viewer),
        WorkRequest,
      )
      expect(detail.uuid).toBe(created.uuid)
      const maint = await decoded(
        await withKey(MAINTENANCE, { ...maintenance, preferred_dates: null, budget: null }),
        MaintenanceRequest,
        201,
      )
      const maintDetail = await decoded(
        await m.get(`/api/v1/maintenance-requests/${maint.uuid}/`, m.tokens.viewer),
        MaintenanceRequestDetail,
      )
      expect(maintDetail).toMatchObject({ site: maintenance.site, preferred_dates: null, budget: null })
      expect(maintDetail.audit).toEqual([
        expect.objectContaining({
          action: "submitted",
          from_status: null,
          to_status: "pending",
          actor_user_id: null,
          actor_name: "Sam Site",
        }),
      ])
    })

    it("each submission notifies every coordinator and admin once, with a link to its page", async () => {
      const created = await decoded(await withKey(APPLICATIONS, application), CompanyApplication, 201)
      expect(created).toMatchObject({
        status: "pending",
        registration_number: "09876543",
        services_offered: application.services_offered,
      })
      const path = `/website-coordinator/company-verification/applications/${created.uuid}`
      const rows = await m.server.database.db
        .selectFrom("notification")
        .innerJoin("app_user", "app_user.id", "notification.user_id")
        .select([
          "app_user.email",
          "app_user.user_category",
          "notification.title",
          "notification.message",
          "notification.notification_type",
          "notification.is_read",
        ])
        .where("notification.action_url", "=", path)
        .execute()
      expect(rows.map((r) => r.email).sort()).toEqual(
        ["admin@example.com", "coordinator@example.com", "cora@example.com"].sort(),
      )
      for (const row of rows)
        expect(row).toMatchObject({
          title: "New company application",
          notification_type: "company_update",
          is_read: false,
        })
      expect(rows[0]?.message).toContain(application.company_name)

      const detail = await decoded(
        await m.get(`/api/v1/company-applications/${created.uuid}/`, m.tokens.viewer),
        CompanyApplicationDetail,
      )
      expect(detail.audit.map((a) => [a.action, a.actor_name])).toEqual([
        ["submitted", application.contact_name],
      ])

      const request = await decoded(await withKey(WORK, { ...work, urgency: "emergency" }), WorkRequest, 201)
      const urgent = await m.server.database.db
        .selectFrom("notification")
        .select(["priority", "title"])
        .where("action_url", "=", `/work-request-details/${request.uuid}`)
        .execute()
      expect(urgent).toHaveLength(3)
      expect(urgent.every((n) => n.priority === "urgent" && n.title === "New work request")).toBe(true)
    })
  })
}
