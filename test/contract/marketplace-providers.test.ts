// Candidates (who could take a request, ranked, with reasons), choosing providers, and the provider list.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { providerSearchText } from "../../server/marketplace/search-columns"
import { CandidateList } from "../../src/schema/marketplace/candidates"
import { WorkRequest, WorkRequestDetail } from "../../src/schema/marketplace/marketplace"
import { ProviderPage } from "../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "./harness"
import {
  decoded,
  expectDetail,
  type MarketplaceServer,
  startMarketplace,
  UNKNOWN_UUID,
} from "./marketplace-fixture"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/work-requests/"

/** A town no seeded provider serves, so the candidates are exactly the providers these tests make. */
const TOWN = "Testville"
const PROVIDERS = [
  {
    company_name: "Alpha Glass",
    services: ["glazing"],
    service_area: ["Leeds", TOWN],
    rating: 4.9,
    current_load: 1,
  },
  {
    company_name: "Busy Glass",
    services: ["glazing", "locksmith"],
    service_area: [TOWN],
    rating: 4.9,
    current_load: 8,
  },
  { company_name: "Calm Glass", services: ["glazing"], service_area: [TOWN], rating: 3.0, current_load: 0 },
  { company_name: "Green Glass", services: ["glazing"], service_area: [TOWN], rating: null, current_load: 2 },
  {
    company_name: "Dormant Glass",
    services: ["glazing"],
    service_area: [TOWN],
    rating: 5,
    current_load: 0,
    active: false,
  },
  {
    company_name: "Elsewhere Glass",
    services: ["glazing"],
    service_area: ["York"],
    rating: 5,
    current_load: 0,
  },
  { company_name: "Floor Only", services: ["flooring"], service_area: [TOWN], rating: 5, current_load: 0 },
] as const

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`marketplace providers on ${backend}`, () => {
    let m: MarketplaceServer
    const uuidOf = new Map<string, string>()

    beforeAll(async () => {
      m = await startMarketplace(backend)
      const rows = await m.server.database.db
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
        .returning(["uuid", "company_name"])
        .execute()
      for (const r of rows) uuidOf.set(r.company_name, r.uuid)
    })
    afterAll(() => m?.close())

    const id = (name: string) => uuidOf.get(name) ?? UNKNOWN_UUID
    /** A new glazing request in Testville (area typed in lower case), optionally approved. */
    const newRequest = async (approve: boolean) => {
      const body = {
        title: "Cracked shop window",
        description: "Front window cracked overnight.",
        customer_name: "Tess Tester",
        address: "1 High Street, Testville",
        area: TOWN.toLowerCase(),
        service_category: "glazing",
        urgency: "high",
      }
      const created = await decoded(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, body),
        WorkRequest,
        201,
      )
      if (approve)
        await decoded(
          await m.post(`${BASE}${created.uuid}/approve/`, m.tokens.coordinator),
          WorkRequestDetail,
        )
      return created.uuid
    }
    const candidates = async (uuid: string) =>
      decoded(await m.get(`${BASE}${uuid}/providers/`, m.tokens.viewer), CandidateList)

    it("candidates offer the service in the area, best first, each with its reasons", async () => {
      const list = await candidates(await newRequest(false))
      // Alpha: top rating, light load. Calm: average rating, idle. Green: unrated, room left. Busy: top rating
      // but eight open jobs against a capacity of six, so no capacity points at all.
      expect(list.results.map((c) => c.company_name)).toEqual([
        "Alpha Glass",
        "Calm Glass",
        "Green Glass",
        "Busy Glass",
      ])
      expect(list.count).toBe(4)
      expect(list.results.map((c) => c.rank)).toEqual([1, 2, 3, 4])
      const scores = list.results.map((c) => c.score)
      expect(scores).toEqual([...scores].sort((a, b) => b - a))
      expect(new Set(scores).size).toBe(4)
      expect(list.results[0]?.reasons).toEqual([
        "Offers glazing",
        `Serves ${TOWN}`,
        "Rating 4.9",
        "Light load: 1 open job",
      ])
      expect(list.results[1]?.reasons).toContain("Free now: no open jobs")
      expect(list.results[3]?.reasons).toContain("Busy: 8 open jobs")
      expect(list.results[2]?.reasons).toContain("New provider: not rated yet")
      expect(list.results.every((c) => c.active && !c.selected)).toBe(true)
    })

    it("providers are chosen for approved requests only", async () => {
      const pending = await newRequest(false)
      const body = { provider_ids: [id("Alpha Glass")] }
      await expectDetail(
        await m.post(`${BASE}${pending}/select-providers/`, m.tokens.coordinator, body),
        409,
        /approved.*pending/,
      )
      const rejected = await newRequest(false)
      await m.post(`${BASE}${rejected}/reject/`, m.tokens.coordinator, { reason: "Duplicate" })
      await expectDetail(
        await m.post(`${BASE}${rejected}/select-providers/`, m.tokens.coordinator, body),
        409,
        /rejected/,
      )
    })

    it("the chosen providers must be a non-empty, unique list of candidates", async () => {
      const uuid = await newRequest(true)
      const url = `${BASE}${uuid}/select-providers/`
      const bad: Array<[unknown, RegExp]> = [
        [undefined, /provider_ids/],
        [{}, /provider_ids: .*required/],
        [{ provider_ids: [] }, /at least one/],
        [{ provider_ids: [id("Alpha Glass"), id("Alpha Glass")] }, /twice/],
        [{ provider_ids: "Alpha" }, /provider_ids/],
        [{ provider_ids: Array.from({ length: 6 }, (_, i) => `p${i}`) }, /at most 5/],
        [{ provider_ids: [id("Dormant Glass")] }, /not a candidate/],
        [
          { provider_ids: [id("Alpha Glass"), id("Elsewhere Glass")] },
          new RegExp(`${id("Elsewhere Glass")} is not a candidate`),
        ],
        [{ provider_ids: [id("Floor Only")] }, /not a candidate/],
        [{ provider_ids: [UNKNOWN_UUID, "junk"] }, /are not candidates/],
      ]
      for (const [body, pattern] of bad)
        await expectDetail(await m.post(url, m.tokens.coordinator, body), 400, pattern)
      const detail = await decoded(await m.get(`${BASE}${uuid}/`, m.tokens.viewer), WorkRequestDetail)
      expect(detail.selected_providers).toEqual([])
    })

    it("choosing records the selection, raises the providers' load, and a second choice is a 409", async () => {
      const uuid = await newRequest(true)
      const before = await candidates(uuid)
      const load = (list: typeof before, name: string) =>
        list.results.find((c) => c.company_name === name)?.current_load
      const body = { provider_ids: [id("Calm Glass"), id("Alpha Glass")] }
      const chosen = await decoded(
        await m.post(`${BASE}${uuid}/select-providers/`, m.tokens.coordinator, body),
        WorkRequestDetail,
      )
      expect(chosen.selected_providers.map((p) => p.company_name)).toEqual(["Calm Glass", "Alpha Glass"])
      expect(chosen.providers_selected_by?.full_name).toBe("Corey Coordinator")
      expect(chosen.audit.at(-1)).toMatchObject({
        action: "providers_selected",
        from_status: "approved",
        to_status: "approved",
        actor_name: "Corey Coordinator",
        details: { providers: chosen.selected_providers },
      })
      const after = await candidates(uuid)
      expect(load(after, "Calm Glass")).toBe((load(before, "Calm Glass") ?? 0) + 1)
      expect(load(after, "Alpha Glass")).toBe((load(before, "Alpha Glass") ?? 0) + 1)
      expect(load(after, "Busy Glass")).toBe(load(before, "Busy Glass"))
      expect(
        after.results
          .filter((c) => c.selected)
          .map((c) => c.company_name)
          .sort(),
      ).toEqual(["Alpha Glass", "Calm Glass"])

      const again = { provider_ids: [id("Busy Glass")] }
      await expectDetail(
        await m.post(`${BASE}${uuid}/select-providers/`, m.tokens.coordinator2, again),
        409,
        /already chosen .* by Corey Coordinator at .*: Calm Glass, Alpha Glass/,
      )
    })

    it("two selections at once: exactly one applies, nothing interleaves", async () => {
      const uuid = await newRequest(true)
      const loads = async () =>
        new Map((await candidates(uuid)).results.map((c) => [c.company_name, c.current_load]))
      const before = await loads()
      const [a, b] = await Promise.all([
        m.post(`${BASE}${uuid}/select-providers/`, m.tokens.coordinator, {
          provider_ids: [id("Alpha Glass"), id("Busy Glass")],
        }),
        m.post(`${BASE}${uuid}/select-providers/`, m.tokens.coordinator2, {
          provider_ids: [id("Green Glass")],
        }),
      ])
      expect([a.status, b.status].sort()).toEqual([200, 409])
      const detail = await decoded(await m.get(`${BASE}${uuid}/`, m.tokens.viewer), WorkRequestDetail)
      const expected = a.status === 200 ? ["Alpha Glass", "Busy Glass"] : ["Green Glass"]
      expect(detail.selected_providers.map((p) => p.company_name)).toEqual(expected)
      expect(detail.audit.filter((e) => e.action === "providers_selected")).toHaveLength(1)
      const after = await loads()
      for (const [name, n] of before) expect(after.get(name)).toBe(n + (expected.includes(name) ? 1 : 0))
    })

    it("the provider list pages, searches, filters by service and orders", async () => {
      const page = await decoded(
        await m.get("/api/v1/providers/?page_size=10", m.tokens.viewer),
        ProviderPage,
      )
      expect(page.count).toBeGreaterThanOrEqual(40 + PROVIDERS.length)
      expect(page.results).toHaveLength(10)
      expect(page.next).toMatch(/page=2/)
      const names = page.results.map((p) => p.company_name)
      expect(names).toEqual([...names].sort())

      const glass = await decoded(
        await m.get("/api/v1/providers/?search=GLASS&page_size=100", m.tokens.viewer),
        ProviderPage,
      )
      expect(glass.results.map((p) => p.company_name).sort()).toEqual(
        PROVIDERS.filter((p) => p.company_name.includes("Glass"))
          .map((p) => p.company_name)
          .sort(),
      )
      const byTown = await decoded(
        await m.get(`/api/v1/providers/?search=${TOWN}&page_size=100`, m.tokens.viewer),
        ProviderPage,
      )
      expect(byTown.results.every((p) => p.service_area.includes(TOWN))).toBe(true)

      const flooring = await decoded(
        await m.get("/api/v1/providers/?service=flooring&page_size=100", m.tokens.viewer),
        ProviderPage,
      )
      expect(flooring.count).toBeGreaterThan(0)
      expect(flooring.results.every((p) => p.services.includes("flooring"))).toBe(true)
      const inactive = await decoded(
        await m.get("/api/v1/providers/?active=false&page_size=100", m.tokens.viewer),
        ProviderPage,
      )
      expect(inactive.results.some((p) => p.company_name === "Dormant Glass")).toBe(true)
      expect(inactive.results.every((p) => !p.active)).toBe(true)

      const best = await decoded(
        await m.get("/api/v1/providers/?ordering=-rating&page_size=100", m.tokens.viewer),
        ProviderPage,
      )
      const ratings = best.results.map((p) => p.rating)
      const rated = ratings.filter((r) => r !== null)
      expect(rated).toEqual([...rated].sort((x, y) => y - x))
      expect(
        ratings.indexOf(null) === -1 || ratings.slice(ratings.indexOf(null)).every((r) => r === null),
      ).toBe(true)

      for (const query of [
        "service=welding",
        "ordering=name",
        "page=0",
        "page_size=500",
        "active=yes",
        "colour=red",
      ])
        await expectDetail(await m.get(`/api/v1/providers/?${query}`, m.tokens.viewer), 400)
      await expectDetail(await m.get("/api/v1/providers/"), 401)
    })
  })
}
