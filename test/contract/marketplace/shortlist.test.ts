// The shortlist's answer (docs/behaviour.md#choosing-providers): every candidate's score is the sum of its
// factors, the list is in score order, the distance comes from the request's postcode (or its town), a company
// with no offers history earns half of those factors, and the page's filters keep what they say.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { providerSearchText } from "../../../server/marketplace/search-columns"
import { type Candidate, CandidateList } from "../../../src/schema/marketplace/candidates"
import { WorkRequest } from "../../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/work-requests/"

/** A town nobody seeded serves, placed where Leeds is, so distances to York are known. */
const TOWN = "Testburgh"
const PROVIDERS = [
  // At home in Testburgh, free, well rated, with a history of offers (added below).
  {
    company_name: "Home Drains",
    services: ["drainage"],
    service_area: [TOWN],
    rating: 4.5,
    current_load: 0,
    capacity: 8,
  },
  // Based in York, serving Testburgh too; full.
  {
    company_name: "York Drains",
    services: ["drainage"],
    service_area: ["York", TOWN],
    rating: 4.5,
    current_load: 6,
    capacity: 6,
  },
  // Plumbing first, drains as a sideline; no offers yet, not rated.
  {
    company_name: "Sideline Plumbing",
    services: ["plumbing", "drainage"],
    service_area: [TOWN],
    rating: null,
    current_load: 1,
    capacity: 4,
  },
] as const

const factor = (c: Candidate | undefined, key: string) => c?.factors.find((f) => f.key === key)
const byName = (list: CandidateList, name: string) => list.results.find((c) => c.company_name === name)

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`the shortlist on ${backend}`, () => {
    let m: MarketplaceServer
    const idOf = new Map<string, number>()

    beforeAll(async () => {
      m = await startMarketplace(backend)
      const db = m.server.database.db
      await db
        .insertInto("postcode_area")
        .values({ code: "TB", town: TOWN, lat: 53.8008, lon: -1.5491 })
        .execute()
      const rows = await db
        .insertInto("provider")
        .values(
          PROVIDERS.map((p) => ({
            ...p,
            services: [...p.services],
            service_area: [...p.service_area],
            created_at: new Date(),
            search_text: providerSearchText(p),
          })),
        )
        .returning(["id", "company_name"])
        .execute()
      for (const r of rows) idOf.set(r.company_name, r.id)
    })
    afterAll(() => m?.close())

    const newRequest = async (address: string) =>
      decoded(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, {
          title: "Blocked drain",
          description: "The yard drain overflows.",
          customer_name: "Tess Tester",
          address,
          area: TOWN,
          service_category: "drainage",
          urgency: "high",
        }),
        WorkRequest,
        201,
      )
    const candidates = async (uuid: string, query = "") =>
      decoded(await m.get(`${BASE}${uuid}/providers/${query}`, m.tokens.viewer), CandidateList)

    it("gives a company without offers history half the acceptance and answer-time points", async () => {
      const list = await candidates((await newRequest(`1 Mill Lane, ${TOWN} TB6 2AB`)).uuid)
      const fresh = byName(list, "Sideline Plumbing")
      expect(factor(fresh, "acceptance")?.points).toBe((factor(fresh, "acceptance")?.max ?? 0) / 2)
      expect(factor(fresh, "answer_time")?.points).toBe((factor(fresh, "answer_time")?.max ?? 0) / 2)
      expect(factor(fresh, "rating")?.points).toBe((factor(fresh, "rating")?.max ?? 0) / 2)
      // A sideline trade earns less than a main one.
      expect(factor(fresh, "trade")?.points).toBeLessThan(factor(fresh, "trade")?.max ?? 0)
      expect(factor(byName(list, "Home Drains"), "trade")?.points).toBe(factor(fresh, "trade")?.max)
    })

    it("scores past offers: the share accepted and the median answer time", async () => {
      const request = await newRequest(`2 Mill Lane, ${TOWN} TB6 2AB`)
      const row = await m.server.database.db
        .selectFrom("service_request")
        .select("id")
        .where("uuid", "=", request.uuid)
        .executeTakeFirstOrThrow()
      const offeredAt = new Date("2026-01-05T09:00:00Z")
      const hours = (h: number) => new Date(offeredAt.getTime() + h * 3_600_000)
      // Accepted after 2 h, declined after 4 h, one left to expire: 1 of 3 accepted, median answer 3 h.
      const offers = [
        { state: "accepted", answered_at: hours(2) },
        { state: "declined", answered_at: hours(4) },
        { state: "expired", answered_at: null },
      ] as const
      await m.server.database.db
        .insertInto("provider_offer")
        .values(
          offers.map((o) => ({
            ...o,
            request_id: row.id,
            provider_id: idOf.get("Home Drains") ?? 0,
            offered_at: offeredAt,
            offered_by_name: "Test",
            expires_at: hours(48),
          })),
        )
        .execute()
      const home = byName(await candidates(request.uuid), "Home Drains")
      expect(factor(home, "acceptance")?.detail).toBe("Accepted 1 of 3 offers")
      expect(factor(home, "acceptance")?.points).toBeCloseTo(
        ((factor(home, "acceptance")?.max ?? 0) * 1) / 3,
        1,
      )
      expect(factor(home, "answer_time")?.detail).toBe("Answers in 3 h (median)")
      expect(factor(home, "answer_time")?.points).toBeCloseTo(
        (factor(home, "answer_time")?.max ?? 0) * (45 / 48),
        1,
      )
    })

    it("orders by score, and each score is the sum of its factors", async () => {
      const list = await candidates((await newRequest(`3 Mill Lane, ${TOWN} TB6 2AB`)).uuid)
      expect(list.results.map((c) => c.company_name).sort()).toEqual(
        PROVIDERS.map((p) => p.company_name).sort(),
      )
      const scores = list.results.map((c) => c.score)
      expect(scores).toEqual([...scores].sort((a, b) => b - a))
      expect(list.results.map((c) => c.rank)).toEqual(list.results.map((_, i) => i + 1))
      for (const c of list.results) {
        const sum = c.factors.reduce((s, f) => s + f.points, 0)
        expect(Math.abs(sum - c.score)).toBeLessThan(0.05)
        for (const f of c.factors) expect(f.points).toBeLessThanOrEqual(f.max)
        expect(c.factors.reduce((s, f) => s + f.max, 0)).toBe(100)
      }
    })

    it("measures distance from the request's postcode, or its town when it has none", async () => {
      const here = await candidates((await newRequest(`4 Mill Lane, ${TOWN} TB6 2AB`)).uuid)
      expect(byName(here, "Home Drains")?.distance_km).toBe(0)
      // Leeds to York as the crow flies: about 35 km.
      expect(byName(here, "York Drains")?.distance_km).toBeGreaterThan(30)
      expect(byName(here, "York Drains")?.distance_km).toBeLessThan(40)
      // No postcode: the area's town places it.
      const noPostcode = await candidates((await newRequest(`5 Mill Lane, ${TOWN}`)).uuid)
      expect(byName(noPostcode, "Home Drains")?.distance_km).toBe(0)
      // A York postcode puts the job next to the York company, whatever the area says.
      const inYork = await candidates((await newRequest("6 Stonegate, York YO1 8AS")).uuid)
      expect(byName(inYork, "York Drains")?.distance_km).toBe(0)
      expect(byName(inYork, "Home Drains")?.distance_km).toBeGreaterThan(30)
      // A postcode area nobody placed falls back to the town as well.
      const unknown = await candidates((await newRequest("7 Quay Street, Nowhere ZZ9 9ZZ")).uuid)
      expect(byName(unknown, "York Drains")?.distance_km).toBeGreaterThan(30)
    })

    it("the page's filters keep the near and the companies with room", async () => {
      const uuid = (await newRequest(`8 Mill Lane, ${TOWN} TB6 2AB`)).uuid
      const list = await candidates(uuid)
      const full = byName(list, "York Drains")
      expect(full?.capacity).toBe(6)
      expect(factor(full, "capacity")?.points).toBe(0)
      const names = async (query: string) =>
        (await candidates(uuid, query)).results.map((c) => c.company_name).sort()
      expect(await names("?max_distance_km=10")).toEqual(["Home Drains", "Sideline Plumbing"])
      expect(await names("?has_capacity=true")).toEqual(["Home Drains", "Sideline Plumbing"])
      expect(await names("?max_distance_km=50")).toHaveLength(3)
    })
  })
}
