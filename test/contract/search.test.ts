// The command palette's search endpoint on both databases: who may call it, what it finds (requests by title
// or customer, applications by company, the caller's own notifications only), and bad input as 400 {detail}.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { searchApi } from "../../src/schema/api/search"
import { CompanyApplicationPage, WorkRequestPage } from "../../src/schema/marketplace/record-pages"
import { AdminSendResponse } from "../../src/schema/notifications/notifications"
import { SEARCH_LIMITS, SearchResults } from "../../src/schema/shell/search"
import { BACKENDS, postgresAvailable } from "./harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "./marketplace-fixture"

const pgUp = await postgresAvailable()
const PATH = searchApi.endpoints.find.path
const find = (q: string) => `${PATH}?${new URLSearchParams({ q })}`

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`search on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const results = async (q: string, token: string) =>
      (await decoded(await m.get(find(q), token), SearchResults)).results

    it("any signed-in category may search; nobody else", async () => {
      for (const token of [m.tokens.admin, m.tokens.coordinator, m.tokens.viewer])
        await decoded(await m.get(find("a"), token), SearchResults)
      await expectDetail(await m.get(find("a")), 401)
      await expectDetail(await m.get(find("a"), "not-a-token"), 401)
    })

    it("finds a work request by its title and by its customer, linking to its page", async () => {
      const page = await decoded(
        await m.get("/api/v1/work-requests/?page_size=1", m.tokens.viewer),
        WorkRequestPage,
      )
      const request = page.results[0]
      if (!request) throw new Error("the seed has no work request")
      for (const q of [request.title, request.customer_name.toUpperCase()]) {
        const found = await results(q, m.tokens.viewer)
        expect(found).toContainEqual(
          expect.objectContaining({
            kind: "work_request",
            id: request.uuid,
            title: request.title,
            href: `/work-request-details/${request.uuid}`,
          }),
        )
      }
    })

    it("finds an application by its company, and answers at most a few of each kind", async () => {
      const page = await decoded(
        await m.get("/api/v1/company-applications/?page_size=1", m.tokens.viewer),
        CompanyApplicationPage,
      )
      const application = page.results[0]
      if (!application) throw new Error("the seed has no application")
      const found = await results(application.company_name, m.tokens.coordinator)
      expect(found).toContainEqual(
        expect.objectContaining({ kind: "company_application", id: application.uuid }),
      )
      // "e" is in nearly everything: each kind is cut at its limit.
      const many = await results("e", m.tokens.viewer)
      for (const kind of ["work_request", "maintenance_request", "company_application"] as const) {
        const n = many.filter((r) => r.kind === kind).length
        expect(n).toBeGreaterThan(0)
        expect(n).toBeLessThanOrEqual(SEARCH_LIMITS.perKind)
      }
    })

    it("finds only the caller's own notifications, by title", async () => {
      const title = `Palette probe ${backend} ${Date.now()}`
      const sent = await decoded(
        await m.post("/api/v1/notifications/", m.tokens.admin, {
          recipient_email: "coordinator@example.com",
          title,
          message: "Only the coordinator has this one.",
        }),
        AdminSendResponse,
        201,
      )
      const own = await results(title.toLowerCase(), m.tokens.coordinator)
      const mine = own.filter((r) => r.kind === "notification")
      expect(mine.map((r) => r.id)).toEqual(sent.ids.map(String))
      expect(mine[0]?.href).toBe(`/notifications/${sent.ids[0]}`)
      for (const other of [m.tokens.admin, m.tokens.viewer, m.tokens.coordinator2])
        expect((await results(title, other)).filter((r) => r.kind === "notification")).toEqual([])
    })

    it("a search's % matches itself", async () => {
      expect(await results("%%%", m.tokens.viewer)).toEqual([])
    })

    it("refuses a missing, blank or too long q with 400 {detail}", async () => {
      await expectDetail(await m.get(PATH, m.tokens.viewer), 400, /q/)
      await expectDetail(await m.get(find(""), m.tokens.viewer), 400, /q must contain something/)
      await expectDetail(await m.get(find("   "), m.tokens.viewer), 400, /q must contain something/)
      await expectDetail(
        await m.get(find("x".repeat(SEARCH_LIMITS.maxQueryLength + 1)), m.tokens.viewer),
        400,
        /at most/,
      )
      await expectDetail(await m.get(`${PATH}?q=a&q=b`, m.tokens.viewer), 400)
    })
  })
}
