// The dashboard's plan of the day: each figure against the lists that show the same records.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { planningApi } from "../../../src/schema/api/planning"
import { DayPlan } from "../../../src/schema/dashboard/plan"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import { WORK } from "../record-kinds"

const pgUp = await postgresAvailable()
const PLAN = planningApi.endpoints.plan.path

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`the day's plan on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const count = async (query: string, token = m.tokens.coordinator) =>
      (await decoded(await m.get(`${WORK.api.list.path}?page_size=1&${query}`, token), WORK.Page)).count

    it("counts what the filtered lists show, and the caller's own claims", async () => {
      const before = await decoded(await m.get(PLAN, m.tokens.coordinator), DayPlan)
      const work = before.kinds.find((k) => k.kind === "work")
      if (!work) throw new Error("no work row")
      expect(work.emergencies).toBe(await count("status=pending&urgency=emergency"))
      expect(work.mine).toBe(await count("status=pending&assignee=mine"))
      const overdue = before.kinds.reduce((n, k) => n + k.overdue, 0)
      expect(overdue).toBeGreaterThan(0)
      expect(before.kinds.find((k) => k.kind === "application")?.emergencies).toBeNull()
      expect(new Date(before.day_ends_at).getUTCHours()).toBe(0)

      const list = await decoded(
        await m.get(`${WORK.api.list.path}?status=pending`, m.tokens.coordinator),
        WORK.Page,
      )
      const target = list.results[0]
      if (!target) throw new Error("no pending work request")
      await m.post(`${WORK.api.list.path}${target.uuid}/assign/`, m.tokens.coordinator)
      const after = await decoded(await m.get(PLAN, m.tokens.coordinator), DayPlan)
      expect(after.kinds.find((k) => k.kind === "work")?.mine).toBe(work.mine + 1)
      expect(after.load.find((p) => p.full_name === "Corey Coordinator")?.open).toBeGreaterThan(0)
      // Another person's plan counts their own claims.
      const other = await decoded(await m.get(PLAN, m.tokens.coordinator2), DayPlan)
      expect(other.kinds.find((k) => k.kind === "work")?.mine).toBe(0)
    })

    it("401 unsigned; any signed-in user reads it", async () => {
      await expectDetail(await m.get(PLAN), 401)
      await decoded(await m.get(PLAN, m.tokens.viewer), DayPlan)
    })
  })
}
