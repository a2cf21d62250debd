// Company applications: lists, details, accept (which makes a provider), reject with a reason, 409, reopen.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CompanyApplicationDetail } from "../../src/schema/marketplace/marketplace"
import { APPLICATION_ORDERING } from "../../src/schema/marketplace/marketplace-input"
import { CompanyApplicationPage, ProviderPage } from "../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "./harness"
import {
  decoded,
  expectDetail,
  MALFORMED_IDS,
  type MarketplaceServer,
  startMarketplace,
  UNKNOWN_UUID,
} from "./marketplace-fixture"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/company-applications/"

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`marketplace company applications on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const list = async (query: string) =>
      decoded(await m.get(`${BASE}?${query}`, m.tokens.viewer), CompanyApplicationPage)
    const detail = async (uuid: string) =>
      decoded(await m.get(`${BASE}${uuid}/`, m.tokens.viewer), CompanyApplicationDetail)
    const take = async (status: "pending" | "accepted" | "rejected") => {
      const row = (await list(`status=${status}&page_size=1`)).results[0]
      if (!row) throw new Error(`no ${status} application left`)
      return row
    }
    const providerNamed = async (name: string) =>
      (
        await decoded(
          await m.get(`/api/v1/providers/?search=${encodeURIComponent(name)}`, m.tokens.viewer),
          ProviderPage,
        )
      ).results.find((p) => p.company_name === name)

    it("lists page, filter by status, search and order", async () => {
      const all = await list("page_size=5")
      expect(all.count).toBeGreaterThanOrEqual(30)
      expect(all.next).toMatch(/page=2/)
      let sum = 0
      for (const status of ["pending", "accepted", "rejected"] as const) {
        const page = await list(`status=${status}&page_size=100`)
        expect(page.count).toBeGreaterThan(0)
        expect(page.results.every((a) => a.status === status)).toBe(true)
        sum += page.count
      }
      expect(sum).toBe(all.count)

      const target = all.results[2]
      if (!target) throw new Error("no rows")
      for (const term of [
        target.registration_number,
        target.contact_name.toLowerCase(),
        target.company_name.slice(0, 8),
      ]) {
        const hits = await list(`search=${encodeURIComponent(term)}&page_size=100`)
        expect(
          hits.results.map((a) => a.uuid),
          term,
        ).toContain(target.uuid)
        expect(hits.count).toBeLessThan(all.count)
      }

      for (const field of APPLICATION_ORDERING) {
        for (const direction of ["", "-"]) {
          const keys = (await list(`ordering=${direction}${field}&page_size=100`)).results
            .map((a) => a[field])
            .filter((k) => k !== null)
          const sorted = [...keys].sort()
          expect(keys, `${direction}${field}`).toEqual(direction ? sorted.reverse() : sorted)
        }
      }
      const bad = [
        "status=approved",
        "page=0",
        "page_size=101",
        "ordering=title",
        "ordering=-budget",
        `search=${"x".repeat(201)}`,
      ]
      for (const query of bad) await expectDetail(await m.get(`${BASE}?${query}`, m.tokens.viewer), 400)
    })

    it("unknown and malformed ids → 404 on every call; signed out → 401", async () => {
      for (const id of [UNKNOWN_UUID, ...MALFORMED_IDS]) {
        await expectDetail(await m.get(`${BASE}${id}/`, m.tokens.viewer), 404)
        await expectDetail(await m.post(`${BASE}${id}/accept/`, m.tokens.coordinator), 404)
        await expectDetail(await m.post(`${BASE}${id}/reject/`, m.tokens.coordinator, { reason: "No" }), 404)
        await expectDetail(await m.post(`${BASE}${id}/reopen/`, m.tokens.admin), 404)
      }
      await expectDetail(await m.get(BASE), 401)
    })

    it("the detail has documents, the audit trail and the provider made from it", async () => {
      const accepted = await take("accepted")
      const d = await detail(accepted.uuid)
      expect(d.documents.length).toBeGreaterThan(0)
      expect(d.audit.map((a) => a.action)).toEqual(["submitted", "accepted"])
      expect(d.audit[0]?.actor_name).toBe(d.contact_name)
      expect(d.audit[1]).toMatchObject({
        from_status: "pending",
        to_status: "accepted",
        actor_name: d.decided_by?.full_name,
      })
      expect(d.provider?.company_name).toBe(d.company_name)
      expect(d.audit[1]?.details.provider).toEqual(d.provider)
    })

    it("accepting makes the company a provider for its services and areas", async () => {
      const target = await take("pending")
      expect(await providerNamed(target.company_name)).toBeUndefined()
      const accepted = await decoded(
        await m.post(`${BASE}${target.uuid}/accept/`, m.tokens.coordinator),
        CompanyApplicationDetail,
      )
      expect(accepted).toMatchObject({ status: "accepted", reason: null })
      expect(accepted.decided_by?.full_name).toBe("Corey Coordinator")
      expect(accepted.audit.at(-1)).toMatchObject({
        action: "accepted",
        from_status: "pending",
        to_status: "accepted",
      })
      const provider = await providerNamed(target.company_name)
      expect(provider).toMatchObject({
        uuid: accepted.provider?.uuid,
        services: target.services_offered,
        service_area: target.service_area,
        rating: null,
        current_load: 0,
        active: true,
        application_uuid: target.uuid,
      })
    })

    it("reject needs a reason; a second decision is a 409; two at once → exactly one wins", async () => {
      const target = await take("pending")
      const url = `${BASE}${target.uuid}/reject/`
      await expectDetail(await m.post(url, m.tokens.coordinator), 400, /^reason/)
      await expectDetail(await m.post(url, m.tokens.coordinator, { reason: " " }), 400, /^reason/)
      await expectDetail(
        await m.post(url, m.tokens.coordinator, { reason: "y".repeat(1001) }),
        400,
        /^reason/,
      )
      const reason = "Insurance certificate expired."
      const rejected = await decoded(
        await m.post(url, m.tokens.coordinator, { reason }),
        CompanyApplicationDetail,
      )
      expect(rejected).toMatchObject({ status: "rejected", reason, provider: null })
      expect(rejected.audit.at(-1)).toMatchObject({
        action: "rejected",
        reason,
        actor_name: "Corey Coordinator",
      })
      await expectDetail(
        await m.post(`${BASE}${target.uuid}/accept/`, m.tokens.coordinator2),
        409,
        /already rejected by Corey Coordinator at/,
      )
      expect(await providerNamed(target.company_name)).toBeUndefined()

      const race = await take("pending")
      const [a, b] = await Promise.all([
        m.post(`${BASE}${race.uuid}/accept/`, m.tokens.coordinator),
        m.post(`${BASE}${race.uuid}/reject/`, m.tokens.coordinator2, { reason: "Duplicate" }),
      ])
      expect([a.status, b.status].sort()).toEqual([200, 409])
      const after = await detail(race.uuid)
      expect(after.status).toBe(a.status === 200 ? "accepted" : "rejected")
      expect(after.audit.filter((e) => e.action !== "submitted")).toHaveLength(1)
      expect((await providerNamed(race.company_name)) !== undefined).toBe(a.status === 200)
    })

    it("an admin reopens an accepted application (its provider stops being offered); a coordinator may not", async () => {
      const target = await take("pending")
      await decoded(
        await m.post(`${BASE}${target.uuid}/accept/`, m.tokens.coordinator),
        CompanyApplicationDetail,
      )
      const providerUuid = (await providerNamed(target.company_name))?.uuid
      await expectDetail(
        await m.post(`${BASE}${target.uuid}/reopen/`, m.tokens.coordinator),
        403,
        /Only an admin/,
      )
      const reopened = await decoded(
        await m.post(`${BASE}${target.uuid}/reopen/`, m.tokens.admin),
        CompanyApplicationDetail,
      )
      expect(reopened).toMatchObject({ status: "pending", decided_by: null, decided_at: null })
      expect(reopened.audit.at(-1)).toMatchObject({
        action: "reopened",
        from_status: "accepted",
        to_status: "pending",
        actor_name: "Ada Admin",
      })
      expect((await providerNamed(target.company_name))?.active).toBe(false)
      await expectDetail(
        await m.post(`${BASE}${target.uuid}/reopen/`, m.tokens.admin),
        409,
        /already pending/,
      )
      // Accepted again, the same provider comes back.
      await decoded(
        await m.post(`${BASE}${target.uuid}/accept/`, m.tokens.coordinator2),
        CompanyApplicationDetail,
      )
      expect(await providerNamed(target.company_name)).toMatchObject({ uuid: providerUuid, active: true })
    })

    it("the read-only viewer gets 403 on every write, and nothing changes", async () => {
      const target = await take("pending")
      const before = await detail(target.uuid)
      for (const [action, body] of [["accept/"], ["reject/", { reason: "No" }], ["reopen/"]] as const) {
        await expectDetail(await m.post(`${BASE}${target.uuid}/${action}`, m.tokens.viewer, body), 403)
        await expectDetail(await m.post(`${BASE}${target.uuid}/${action}`, undefined, body), 401)
      }
      expect(await detail(target.uuid)).toEqual(before)
    })
  })
}
