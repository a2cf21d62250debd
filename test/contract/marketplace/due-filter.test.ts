// The `due` list filter (docs/behaviour.md#planning-the-day): "due today" and "overdue" on the planning card
// open lists of exactly the records it counted; their facet counts, the CSV export and a bad value.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DayPlan } from "../../../src/schema/dashboard/plan"
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
  describe.skipIf(backend === "postgres" && !pgUp)(`the due filter on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const work = (query: string) => listReader(m.get, WORK, m.tokens.coordinator)(query)
    const applications = (query: string) => listReader(m.get, APPLICATION, m.tokens.coordinator)(query)
    const plan = async () => decoded(await m.get("/api/v1/dashboard/plan/", m.tokens.coordinator), DayPlan)

    it("lists exactly the pending records the plan counts as due today and as overdue", async () => {
      const counted = await plan()
      const workRow = counted.kinds.find((k) => k.kind === "work")
      const appRow = counted.kinds.find((k) => k.kind === "application")
      const overdue = await work("status=pending&due=overdue")
      const today = await work("status=pending&due=today")
      expect(overdue.count).toBe(workRow?.overdue)
      expect(today.count).toBe(workRow?.due_today)
      expect(overdue.count).toBeGreaterThan(0)
      const limit = Date.parse(overdue.queue.as_of) - overdue.queue.overdue_after_seconds * 1000
      for (const r of overdue.results) {
        expect(r.status).toBe("pending")
        expect(Date.parse(r.submitted_at)).toBeLessThanOrEqual(limit)
      }
      for (const r of today.results) expect(Date.parse(r.submitted_at)).toBeGreaterThan(limit)
      expect((await applications("status=pending&due=overdue")).count).toBe(appRow?.overdue)
      expect((await applications("status=pending&due=today")).count).toBe(appRow?.due_today)
      // Without a status the filter still means pending records only.
      expect((await work("due=overdue")).count).toBe(overdue.count)
    })

    it("counts both values beside the filters, every other filter applied", async () => {
      const page = await work("status=pending&due=today&facets=true")
      const due = page.facets?.due ?? []
      expect(due.find((f) => f.value === "overdue")?.count).toBe(
        (await work("status=pending&due=overdue")).count,
      )
      expect(due.find((f) => f.value === "today")?.count).toBe(page.count)
      const emergencies = await work("status=pending&urgency=emergency&facets=true")
      const overdueEmergencies = await work("status=pending&urgency=emergency&due=overdue")
      expect(emergencies.facets?.due?.find((f) => f.value === "overdue")?.count).toBe(
        overdueEmergencies.count,
      )
    })

    it("exports exactly the filtered list", async () => {
      const view = { status: "pending", due: "overdue", ordering: "submitted_at" }
      const listed = await work(new URLSearchParams(view).toString())
      const refs = await exportedUuids(m, m.tokens.coordinator, { source: "work", ...view })
      expect(refs).toEqual(listed.results.map((r) => r.uuid))
    })

    it("refuses another value with a 400 naming the parameter", async () => {
      await expectDetail(await m.get(`${WORK.api.list.path}?due=tomorrow`, m.tokens.coordinator), 400, /due/)
      await expectDetail(await m.get(`${APPLICATION.api.list.path}?due=`, m.tokens.coordinator), 400, /due/)
      await expectDetail(
        await m.post("/api/v1/exports/", m.tokens.coordinator, { source: "work", due: "soon" }),
        400,
        /due/,
      )
      await expectDetail(await m.get(`${WORK.api.list.path}?due=today`), 401)
    })
  })
}
