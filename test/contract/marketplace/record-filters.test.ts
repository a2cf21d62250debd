// The record lists' filters: urgency, area, service, submission days and claimed, each combinable with the
// status, search and assignee; their counts (`facets=true`); the CSV export of a filtered list; bad values.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ExportLink } from "../../../src/schema/exports/exports"
import { joinFilterList } from "../../../src/schema/marketplace/filter-list"
import { BACKENDS, postgresAvailable } from "../harness"
import {
  decoded,
  expectDetail,
  exportedUuids,
  type MarketplaceServer,
  startMarketplace,
} from "../marketplace-fixture"
import { APPLICATION, listReader, WORK } from "../record-kinds"

const pgUp = await postgresAvailable()

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`record list filters on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const work = (query: string) => listReader(m.get, WORK, m.tokens.viewer)(query)
    const applications = (query: string) => listReader(m.get, APPLICATION, m.tokens.viewer)(query)

    it("urgency keeps the records of any of the values given", async () => {
      const all = await work("")
      const page = await work("urgency=high,emergency")
      expect(page.count).toBeGreaterThan(0)
      expect(page.count).toBeLessThan(all.count)
      expect(page.results.every((r) => r.urgency === "high" || r.urgency === "emergency")).toBe(true)
      const high = await work("urgency=high")
      const emergency = await work("urgency=emergency")
      expect(high.count + emergency.count).toBe(page.count)
    })

    it("keeps an area whose name holds a comma or a backslash as one value, written after a backslash", async () => {
      const area = "Kensington, London \\ West"
      const created = await m.post("/api/v1/intake/work-requests/", m.tokens.admin, {
        title: "Sash window sticks",
        description: "Top sash will not open.",
        customer_name: "Kit Kensington",
        address: "3 Hill Row, London",
        area,
        service_category: "roofing",
        urgency: "low",
        preferred_dates: ["2030-03-01", "2030-03-14"],
        budget: 20000,
        photos: [],
      })
      expect(created.status, await created.clone().text()).toBe(201)
      const param = encodeURIComponent(joinFilterList([area, "Leeds"]))
      expect(joinFilterList([area])).toBe("Kensington\\, London \\\\ West")
      const page = await work(`area=${param}`)
      expect(page.results.some((r) => r.area === area)).toBe(true)
      expect(page.results.every((r) => r.area === area || r.area === "Leeds")).toBe(true)
      // Unescaped, the same text is two names, the second starting with a space: refused, naming the filter.
      await expectDetail(
        await m.get(
          `${WORK.api.list.path}?area=${encodeURIComponent("Kensington, London")}`,
          m.tokens.viewer,
        ),
        400,
        /area/,
      )
    })

    it("area and service combine with status, search and each other", async () => {
      const sample = (await work("status=pending")).results[0]
      if (!sample) throw new Error("no pending work request")
      const area = encodeURIComponent(sample.area)
      const page = await work(`status=pending&area=${area}&service=${sample.service_category}`)
      expect(page.results.map((r) => r.uuid)).toContain(sample.uuid)
      for (const r of page.results) {
        expect(r.status).toBe("pending")
        expect(r.area).toBe(sample.area)
        expect(r.service_category).toBe(sample.service_category)
      }
      const searched = await work(
        `status=pending&area=${area}&search=${encodeURIComponent(sample.title.slice(0, 6))}`,
      )
      expect(searched.results.every((r) => r.area === sample.area)).toBe(true)
      expect(searched.results.map((r) => r.uuid)).toContain(sample.uuid)
    })

    it("submission days are inclusive UTC days", async () => {
      const sample = (await work("")).results[5]
      if (!sample) throw new Error("no work request")
      const day = sample.submitted_at.slice(0, 10)
      const page = await work(`submitted_from=${day}&submitted_to=${day}`)
      expect(page.results.map((r) => r.uuid)).toContain(sample.uuid)
      expect(page.results.every((r) => r.submitted_at.slice(0, 10) === day)).toBe(true)
      const after = await work(`submitted_from=${day}`)
      expect(after.results.every((r) => r.submitted_at.slice(0, 10) >= day)).toBe(true)
    })

    it("claimed and unassigned split the list", async () => {
      const pending = (await work("status=pending")).results[0]
      if (!pending) throw new Error("no pending work request")
      await decoded(
        await m.post(`${WORK.api.list.path}${pending.uuid}/assign/`, m.tokens.coordinator),
        WORK.Detail,
      )
      const all = await work("status=pending")
      const claimed = await work("status=pending&assignee=claimed")
      const unassigned = await work("status=pending&assignee=unassigned")
      expect(claimed.results.map((r) => r.uuid)).toContain(pending.uuid)
      expect(claimed.results.every((r) => r.assignee !== null)).toBe(true)
      expect(claimed.count + unassigned.count).toBe(all.count)
    })

    it("applications filter by any service offered and any area served", async () => {
      const sample = (await applications("")).results[0]
      if (!sample) throw new Error("no application")
      const service = sample.services_offered[0]
      const area = sample.service_area[0] ?? ""
      const page = await applications(`service=${service}&area=${encodeURIComponent(area)}`)
      expect(page.results.map((r) => r.uuid)).toContain(sample.uuid)
      for (const r of page.results) {
        expect(r.services_offered).toContain(service)
        expect(r.service_area).toContain(area)
      }
    })

    it("facets count each value with the other filters applied", async () => {
      const page = await work("status=pending&urgency=emergency&facets=true")
      const facets = page.facets
      if (!facets?.urgency) throw new Error("no facets")
      // The urgency counts ignore the urgency filter, so every urgency shows what choosing it would give.
      for (const { value, count } of facets.urgency)
        expect(count).toBe((await work(`status=pending&urgency=${value}`)).count)
      const areaTotal = facets.area.reduce((n, f) => n + f.count, 0)
      expect(areaTotal).toBe(page.count)
      const apps = await applications("facets=true")
      expect(apps.facets?.urgency).toBeUndefined()
      expect(apps.facets?.service.length).toBeGreaterThan(0)
      expect((await work("")).facets).toBeUndefined()
    })

    const BAD = [
      ["urgency=urgentish", /^urgency: Expected one or more of low, normal, high, emergency/],
      ["urgency=high,", /^urgency/],
      ["service=plumbing,teleportation", /^service: Expected one or more of/],
      ["area=,Leeds", /^area: Expected up to 30 area names/],
      ["submitted_from=2025-13-01", /^submitted_from: 2025-13-01 is not a date\.$/],
      ["submitted_to=yesterday", /^submitted_to: Expected a date written YYYY-MM-DD/],
      ["submitted_from=2025-03-02&submitted_to=2025-03-01", /^submitted_to: 2025-03-01 is before/],
      ["assignee=somebody", /^assignee/],
      ["facets=yes", /^facets/],
    ] as const
    for (const [query, detail] of BAD)
      it(`400 with a detail naming the filter for ${query}`, async () => {
        await expectDetail(await m.get(`${WORK.api.list.path}?${query}`, m.tokens.viewer), 400, detail)
      })
    it("applications take no urgency filter", async () => {
      await expectDetail(await m.get(`${APPLICATION.api.list.path}?urgency=high`, m.tokens.viewer), 400)
    })
    it("401 unsigned", async () => {
      await expectDetail(await m.get(`${WORK.api.list.path}?urgency=high`), 401)
    })

    it("the CSV export of a filtered list has exactly its rows, and refuses reversed days", async () => {
      const view = { status: "pending", urgency: "high,emergency", ordering: "-urgency" }
      const listed = await work(new URLSearchParams(view).toString())
      const refs = await exportedUuids(m, m.tokens.coordinator, { source: "work", ...view })
      expect(refs).toEqual(listed.results.map((r) => r.uuid))
      await expectDetail(
        await m.post("/api/v1/exports/", m.tokens.coordinator, {
          source: "work",
          submitted_from: "2025-03-02",
          submitted_to: "2025-03-01",
        }),
        400,
        /^submitted_to/,
      )
      expect(Schema.isSchema(ExportLink)).toBe(true)
    })
  })
}
