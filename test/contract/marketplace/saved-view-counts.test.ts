// The team's shared views with their live counts (the sidebar's): each counts what its list shows, someone's
// private view is never among them, "mine" is the caller's, and a change of records changes the count.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { savedViewsApi } from "../../../src/schema/api/saved-views"
import { SavedView, SavedViewCountPage } from "../../../src/schema/marketplace/saved-views"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()
const V = savedViewsApi.endpoints.list.path
const COUNTS = savedViewsApi.endpoints.counts.path
const WORK = "/api/v1/work-requests/"
const ListCount = Schema.Struct({
  count: Schema.Number,
  results: Schema.Array(Schema.Struct({ uuid: Schema.String })),
})

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`shared view counts on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const share = async (token: string, name: string, query: string, shared = true) =>
      decoded(await m.post(V, token, { list: "work:pending", query, name, shared }), SavedView, 201)
    const counts = async (token: string) =>
      new Map((await decoded(await m.get(COUNTS, token), SavedViewCountPage)).results.map((v) => [v.name, v]))
    const listed = async (token: string, query: string) =>
      decoded(await m.get(`${WORK}?status=pending&${query}`, token), ListCount)

    it("counts each shared view as its list does, and leaves private views out", async () => {
      await share(m.tokens.coordinator, "All pending", "")
      await share(m.tokens.coordinator, "Emergencies", "urgency=emergency")
      await share(m.tokens.coordinator, "My private", "", false)
      const seen = await counts(m.tokens.coordinator2)
      expect([...seen.keys()]).toEqual(["All pending", "Emergencies"])
      expect(seen.get("All pending")?.count).toBe((await listed(m.tokens.coordinator2, "")).count)
      expect(seen.get("Emergencies")?.count).toBe(
        (await listed(m.tokens.coordinator2, "urgency=emergency")).count,
      )
      expect(seen.get("All pending")?.count).toBeGreaterThan(0)
      expect(seen.get("Emergencies")?.query).toBe("urgency=emergency")
    })

    it("counts 'mine' for the caller, and follows a claim", async () => {
      await share(m.tokens.admin, "Claimed by me", "assignee=mine")
      const before = (await counts(m.tokens.coordinator)).get("Claimed by me")?.count ?? -1
      const first = (await listed(m.tokens.coordinator, "assignee=unassigned")).results[0]
      expect(first).toBeDefined()
      const claimed = await m.post(`${WORK}${first?.uuid}/assign/`, m.tokens.coordinator)
      expect(claimed.status).toBeLessThan(300)
      expect((await counts(m.tokens.coordinator)).get("Claimed by me")?.count).toBe(before + 1)
      expect((await counts(m.tokens.coordinator2)).get("Claimed by me")?.count).toBe(
        (await listed(m.tokens.coordinator2, "assignee=mine")).count,
      )
    })

    it("is for anyone signed in; 401 unsigned", async () => {
      await decoded(await m.get(COUNTS, m.tokens.viewer), SavedViewCountPage)
      await expectDetail(await m.get(COUNTS), 401)
    })
  })
}
