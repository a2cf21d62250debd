// The shortlist's query filters (docs/behaviour.md#choosing-providers): max_distance_km keeps the near and the
// unplaced, has_capacity=true the companies with room, both rank what they keep from 1; bad values are a 400
// naming the parameter.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { providerSearchText } from "../../../server/marketplace/search-columns"
import { CandidateList } from "../../../src/schema/marketplace/candidates"
import { WorkRequest } from "../../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/work-requests/"
/** A town nobody seeded serves, placed where Leeds is. */
const TOWN = "Filterburgh"
const PROVIDERS = [
  { company_name: "Near Roomy", service_area: [TOWN], current_load: 0, capacity: 6 },
  // Home in York, about 35 km away; full.
  { company_name: "Far Full", service_area: ["York", TOWN], current_load: 6, capacity: 6 },
  // Home in a town nobody placed: distance unknown; one job short of full.
  { company_name: "Unplaced Busy", service_area: ["Nowhere", TOWN], current_load: 5, capacity: 6 },
] as const

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`the shortlist's filters on ${backend}`, () => {
    let m: MarketplaceServer
    let path = ""

    beforeAll(async () => {
      m = await startMarketplace(backend)
      const db = m.server.database.db
      await db
        .insertInto("postcode_area")
        .values({ code: "FB", town: TOWN, lat: 53.8008, lon: -1.5491 })
        .execute()
      await db
        .insertInto("provider")
        .values(
          PROVIDERS.map((p) => ({
            ...p,
            services: ["roofing"],
            service_area: [...p.service_area],
            rating: 4,
            created_at: new Date(),
            search_text: providerSearchText({ ...p, services: ["roofing"] }),
          })),
        )
        .execute()
      const request = await decoded(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, {
          title: "Leaking roof",
          description: "Water comes through the ceiling.",
          customer_name: "Fran Filter",
          address: `1 Mill Lane, ${TOWN} FB6 2AB`,
          area: TOWN,
          service_category: "roofing",
          urgency: "high",
        }),
        WorkRequest,
        201,
      )
      path = `${BASE}${request.uuid}/providers/`
    })
    afterAll(() => m?.close())

    const names = async (query: string) => {
      const list = await decoded(await m.get(`${path}${query}`, m.tokens.viewer), CandidateList)
      expect(list.results.map((c) => c.rank)).toEqual(list.results.map((_, i) => i + 1))
      expect(list.count).toBe(list.results.length)
      return list.results.map((c) => c.company_name).sort()
    }

    it("without filters lists every company offering the trade in the town", async () => {
      expect(await names("")).toEqual(["Far Full", "Near Roomy", "Unplaced Busy"])
      expect(await names("?has_capacity=false")).toEqual(["Far Full", "Near Roomy", "Unplaced Busy"])
    })

    it("max_distance_km keeps the companies that near and those whose distance is unknown", async () => {
      expect(await names("?max_distance_km=10")).toEqual(["Near Roomy", "Unplaced Busy"])
      expect(await names("?max_distance_km=0")).toEqual(["Near Roomy", "Unplaced Busy"])
      expect(await names("?max_distance_km=50")).toEqual(["Far Full", "Near Roomy", "Unplaced Busy"])
    })

    it("has_capacity=true keeps the companies with fewer open jobs than they can hold", async () => {
      expect(await names("?has_capacity=true")).toEqual(["Near Roomy", "Unplaced Busy"])
      expect(await names("?has_capacity=true&max_distance_km=50.5")).toEqual(["Near Roomy", "Unplaced Busy"])
    })

    it.each([
      ["max_distance_km=far", /max_distance_km/],
      ["max_distance_km=-1", /max_distance_km must be between 0 and 20000/],
      ["max_distance_km=20001", /max_distance_km must be between 0 and 20000/],
      ["max_distance_km=Infinity", /max_distance_km/],
      ["has_capacity=yes", /has_capacity/],
    ])("400 with a detail for %s", async (query, detail) => {
      await expectDetail(await m.get(`${path}?${query}`, m.tokens.viewer), 400, detail)
    })
  })
}
