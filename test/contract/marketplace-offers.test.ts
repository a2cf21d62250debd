// Offers: choosing providers offers each the job; providers answer through the intake API; the first
// acceptance assigns the request and withdraws the rest; declines and expiries bring the request back to
// awaiting providers with a reminder to whoever holds it; withdrawing and offering more, with reasons.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expireOffers } from "../../server/marketplace/offers/offer-expiry"
import { providerSearchText } from "../../server/marketplace/search-columns"
import { IntakeOffer, IntakeOfferPage } from "../../src/schema/marketplace/intake-offers"
import { WorkRequest, WorkRequestDetail } from "../../src/schema/marketplace/marketplace"
import { WorkRequestPage } from "../../src/schema/marketplace/record-pages"
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
const OFFERS = "/api/v1/intake/offers/"
const KEY = "offers-test-intake-key-0123456789"
/** A town no seeded provider serves, so the candidates are exactly the providers made here. */
const TOWN = "Offerton"
const NAMES = ["Ash Roofing", "Birch Roofing", "Cedar Roofing", "Damson Roofing"] as const

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`marketplace offers on ${backend}`, () => {
    let m: MarketplaceServer
    const uuidOf = new Map<string, string>()
    const intake = (path: string, json: unknown = {}, key = KEY) =>
      m.server.call(path, { method: "POST", json, headers: { "x-intake-key": key } })
    const accept = (offer: string) => intake(`${OFFERS}${offer}/accept/`)
    const decline = (offer: string, reason?: string) =>
      intake(`${OFFERS}${offer}/decline/`, reason === undefined ? {} : { reason })

    beforeAll(async () => {
      process.env.INTAKE_KEY = KEY
      m = await startMarketplace(backend)
      const rows = await m.server.database.db
        .insertInto("provider")
        .values(
          NAMES.map((company_name) => ({
            company_name,
            services: ["roofing" as const],
            service_area: [TOWN],
            rating: 4,
            created_at: new Date(),
            search_text: providerSearchText({ company_name, services: ["roofing"], service_area: [TOWN] }),
          })),
        )
        .returning(["uuid", "company_name"])
        .execute()
      for (const r of rows) uuidOf.set(r.company_name, r.uuid)
    })
    afterAll(async () => {
      delete process.env.INTAKE_KEY
      await m?.close()
    })

    const id = (name: string) => uuidOf.get(name) ?? UNKNOWN_UUID
    /** Lets a request's open offers run out without moving the clock (which would expire the sessions too). */
    const lapse = async (uuid: string) => {
      const request = await m.server.database.db
        .selectFrom("service_request")
        .select("id")
        .where("uuid", "=", uuid)
        .executeTakeFirstOrThrow()
      await m.server.database.db
        .updateTable("provider_offer")
        .set({ expires_at: new Date(m.server.clock.now() - 1000) })
        .where("request_id", "=", request.id)
        .where("state", "=", "offered")
        .execute()
    }
    const detail = async (uuid: string) =>
      decoded(await m.get(`${BASE}${uuid}/`, m.tokens.viewer), WorkRequestDetail)
    /** An approved roofing request in Offerton, offered to the named providers by the coordinator. */
    const offered = async (names: ReadonlyArray<string>) => {
      const created = await decoded(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, {
          title: "Slipped slates",
          description: "Please call before arriving.",
          customer_name: "Olive Offer",
          customer_phone: "07700 900456",
          customer_email: "olive@example.net",
          address: "3 Roof Row, Offerton",
          area: TOWN,
          service_category: "roofing",
          urgency: "normal",
        }),
        WorkRequest,
        201,
      )
      await decoded(await m.post(`${BASE}${created.uuid}/approve/`, m.tokens.coordinator), WorkRequestDetail)
      await m.post(`${BASE}${created.uuid}/assign/`, m.tokens.coordinator)
      const chosen = await decoded(
        await m.post(`${BASE}${created.uuid}/select-providers/`, m.tokens.coordinator, {
          provider_ids: names.map(id),
        }),
        WorkRequestDetail,
      )
      const offerOf = (name: string) =>
        chosen.offers.find((o) => o.provider.company_name === name)?.uuid ?? ""
      return { uuid: created.uuid, chosen, offerOf }
    }

    it("choosing providers offers each the job, open for the configured time", async () => {
      const { chosen } = await offered(["Ash Roofing", "Birch Roofing"])
      expect(chosen.providers_state).toBe("offered")
      expect(chosen.offers.map((o) => [o.provider.company_name, o.state])).toEqual([
        ["Ash Roofing", "offered"],
        ["Birch Roofing", "offered"],
      ])
      const [first] = chosen.offers
      const open = Date.parse(first?.expires_at ?? "") - Date.parse(first?.offered_at ?? "")
      expect(open).toBe(m.server.config.offerExpirySeconds * 1000)
      expect(m.server.config.offerExpirySeconds).toBe(48 * 3600)
      expect(first?.offered_by.full_name).toBe("Corey Coordinator")
      // The customer can be reached: "Please call before arriving."
      expect(chosen).toMatchObject({ customer_phone: "07700 900456", customer_email: "olive@example.net" })
    })

    it("a request's customer contact is optional, and checked when given", async () => {
      const body = {
        title: "Gutter",
        description: "Leaks.",
        customer_name: "Nora None",
        address: "1 Lane",
        area: TOWN,
        service_category: "roofing",
        urgency: "low",
      }
      const plain = await decoded(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, body),
        WorkRequest,
        201,
      )
      expect(plain).toMatchObject({
        customer_phone: null,
        customer_email: null,
        possible_providers: NAMES.length,
      })
      await expectDetail(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, { ...body, customer_email: "nope" }),
        400,
        /customer_email/,
      )
      await expectDetail(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, { ...body, customer_phone: "call me" }),
        400,
        /customer_phone/,
      )
    })

    it("the intake API lists open offers with their job, and refuses the unkeyed", async () => {
      const { offerOf } = await offered(["Cedar Roofing"])
      const page = await decoded(
        await m.server.call(`${OFFERS}?page_size=100`, { headers: { "x-intake-key": KEY } }),
        IntakeOfferPage,
      )
      const mine = page.results.find((o) => o.uuid === offerOf("Cedar Roofing"))
      expect(mine).toMatchObject({ state: "offered", request: { title: "Slipped slates", area: TOWN } })
      expect(page.results.every((o) => o.state === "offered")).toBe(true)
      await expectDetail(await m.get(OFFERS), 401)
      await expectDetail(await m.get(OFFERS, m.tokens.coordinator), 403)
      await expectDetail(await intake(`${OFFERS}${offerOf("Cedar Roofing")}/accept/`, {}, "wrong-key"), 401)
      await expectDetail(await m.post(`${OFFERS}${offerOf("Cedar Roofing")}/accept/`, m.tokens.viewer), 403)
      await expectDetail(
        await m.server.call(`${OFFERS}?state=maybe`, { headers: { "x-intake-key": KEY } }),
        400,
        /state/,
      )
    })

    it("the first acceptance assigns the request and withdraws the other offers", async () => {
      const { uuid, offerOf } = await offered(["Ash Roofing", "Birch Roofing", "Cedar Roofing"])
      const took = await decoded(await accept(offerOf("Birch Roofing")), IntakeOffer)
      expect(took).toMatchObject({ state: "accepted", request: { uuid } })
      const after = await detail(uuid)
      expect(after).toMatchObject({ status: "approved", providers_state: "assigned" })
      expect(after.assigned_provider?.company_name).toBe("Birch Roofing")
      expect(after.offers.map((o) => [o.provider.company_name, o.state])).toEqual([
        ["Ash Roofing", "withdrawn"],
        ["Birch Roofing", "accepted"],
        ["Cedar Roofing", "withdrawn"],
      ])
      expect(after.selected_providers.map((p) => p.company_name)).toEqual(["Birch Roofing"])
      expect(after.audit.at(-1)).toMatchObject({
        action: "offer_accepted",
        actor_name: "Birch Roofing",
        details: { withdrawn_offers: [{ company_name: "Ash Roofing" }, { company_name: "Cedar Roofing" }] },
      })
      // Still in the approved list, now assigned.
      const approved = await decoded(
        await m.get(`${BASE}?status=approved&search=slipped&page_size=100`, m.tokens.viewer),
        WorkRequestPage,
      )
      expect(approved.results.find((r) => r.uuid === uuid)?.providers_state).toBe("assigned")
      await expectDetail(await accept(offerOf("Ash Roofing")), 409, /job is taken: Birch Roofing/)
      await expectDetail(await decline(offerOf("Cedar Roofing")), 409, /job is taken/)
      await expectDetail(await accept(offerOf("Birch Roofing")), 409, /already accepted/)
    })

    it("two providers accepting at once: one wins, the other is told the job is taken", async () => {
      for (let round = 0; round < 3; round++) {
        const { uuid, offerOf } = await offered(["Ash Roofing", "Damson Roofing"])
        const [a, b] = await Promise.all([accept(offerOf("Ash Roofing")), accept(offerOf("Damson Roofing"))])
        expect([a.status, b.status].sort()).toEqual([200, 409])
        await expectDetail(a.status === 409 ? a : b, 409, /job is taken/)
        const after = await detail(uuid)
        expect(after.offers.filter((o) => o.state === "accepted")).toHaveLength(1)
        expect(after.audit.filter((e) => e.action === "offer_accepted")).toHaveLength(1)
      }
    })

    it("unknown, declined and expired offers: 404 or 409 with a detail", async () => {
      await expectDetail(await accept(UNKNOWN_UUID), 404, /No such offer/)
      await expectDetail(await accept("not-a-uuid"), 404, /No such offer/)
      const { uuid, offerOf } = await offered(["Ash Roofing", "Cedar Roofing"])
      await expectDetail(await decline(offerOf("Ash Roofing"), "x".repeat(1001)), 400, /reason/)
      await decoded(await decline(offerOf("Ash Roofing"), "Fully booked"), IntakeOffer)
      await expectDetail(await accept(offerOf("Ash Roofing")), 409, /already declined/)
      await lapse(uuid)
      await expectDetail(await accept(offerOf("Cedar Roofing")), 409, /expired/)
      const after = await detail(uuid)
      expect(after.offers.find((o) => o.provider.company_name === "Ash Roofing")).toMatchObject({
        state: "declined",
        reason: "Fully booked",
      })
    })

    it("every offer declined or expired: awaiting providers again, and the claimant is reminded", async () => {
      const { uuid, offerOf } = await offered(["Birch Roofing", "Damson Roofing"])
      await decoded(await decline(offerOf("Birch Roofing")), IntakeOffer)
      expect((await detail(uuid)).providers_state).toBe("offered")
      await lapse(uuid)
      expect(await expireOffers(m.server.database.db, new Date(m.server.clock.now()))).toBeGreaterThanOrEqual(
        1,
      )
      const after = await detail(uuid)
      expect(after).toMatchObject({ providers_state: "awaiting_providers", providers_selected_at: null })
      expect(after.selected_providers).toEqual([])
      expect(after.offers.map((o) => o.state)).toEqual(["declined", "expired"])
      expect(after.audit.at(-1)).toMatchObject({ action: "offer_expired", actor_name: "Back office" })
      const reminders = await m.server.database.db
        .selectFrom("notification as n")
        .innerJoin("app_user as u", "u.id", "n.user_id")
        .select(["u.email", "n.title", "n.action_url"])
        .where("n.notification_type", "=", "reminder")
        .where("n.title", "=", "Awaiting providers: Slipped slates")
        .where("n.action_url", "=", `/work-request-details/${uuid}`)
        .execute()
      expect(reminders.map((r) => r.email)).toEqual(["coordinator@example.com"])
      // Providers can be chosen afresh.
      await decoded(
        await m.post(`${BASE}${uuid}/select-providers/`, m.tokens.coordinator, {
          provider_ids: [id("Cedar Roofing")],
        }),
        WorkRequestDetail,
      )
    })

    it("withdrawing an offer and offering more, each with a reason; roles and bad input", async () => {
      const { uuid, offerOf } = await offered(["Ash Roofing"])
      const withdraw = `${BASE}${uuid}/offers/${offerOf("Ash Roofing")}/withdraw/`
      const more = `${BASE}${uuid}/offer-providers/`
      await expectDetail(await m.post(withdraw, undefined, { reason: "x" }), 401)
      await expectDetail(await m.post(withdraw, m.tokens.viewer, { reason: "x" }), 403)
      await expectDetail(await m.post(withdraw, m.tokens.coordinator, {}), 400, /reason/)
      await expectDetail(
        await m.post(`${BASE}${uuid}/offers/${UNKNOWN_UUID}/withdraw/`, m.tokens.coordinator, {
          reason: "x",
        }),
        404,
      )
      const body = { provider_ids: [id("Birch Roofing")], reason: "Ash is slow to answer" }
      await expectDetail(await m.post(more, m.tokens.viewer, body), 403)
      await expectDetail(await m.post(more, m.tokens.coordinator, { provider_ids: [], reason: "x" }), 400)
      await expectDetail(
        await m.post(more, m.tokens.coordinator, { provider_ids: [id("Ash Roofing")], reason: "x" }),
        400,
        /already has an open offer/,
      )
      const widened = await decoded(await m.post(more, m.tokens.coordinator, body), WorkRequestDetail)
      expect(widened.offers.map((o) => [o.provider.company_name, o.state])).toEqual([
        ["Ash Roofing", "offered"],
        ["Birch Roofing", "offered"],
      ])
      expect(widened.audit.at(-1)).toMatchObject({ action: "providers_offered", reason: body.reason })
      const after = await decoded(
        await m.post(withdraw, m.tokens.coordinator, { reason: "Customer prefers Birch" }),
        WorkRequestDetail,
      )
      expect(after.offers[0]).toMatchObject({ state: "withdrawn", reason: "Customer prefers Birch" })
      expect(after.audit.at(-1)).toMatchObject({
        action: "offer_withdrawn",
        reason: "Customer prefers Birch",
      })
      expect(after.providers_state).toBe("offered")
      await expectDetail(await m.post(withdraw, m.tokens.coordinator, { reason: "again" }), 409, /withdrawn/)
      await expectDetail(await accept(offerOf("Ash Roofing")), 409, /withdrawn/)
    })

    it("the awaiting-providers queue: approved, nobody accepted, longest approved first", async () => {
      const a = await offered(["Ash Roofing"])
      const b = await offered(["Birch Roofing"])
      await decoded(await accept(b.offerOf("Birch Roofing")), IntakeOffer)
      const queue = await decoded(
        await m.get(`${BASE}?status=approved&providers=awaiting&page_size=100`, m.tokens.viewer),
        WorkRequestPage,
      )
      const uuids = queue.results.map((r) => r.uuid)
      expect(uuids).toContain(a.uuid)
      expect(uuids).not.toContain(b.uuid)
      expect(queue.results.every((r) => r.status === "approved" && r.providers_state !== "assigned")).toBe(
        true,
      )
      const approvedAt = queue.results.map((r) => r.decided_at ?? "")
      expect(approvedAt).toEqual([...approvedAt].sort())
      // Four providers roof in Offerton; a request for a trade nobody offers there has none.
      expect(queue.results.find((r) => r.uuid === a.uuid)?.possible_providers).toBe(NAMES.length)
      await expectDetail(await m.get(`${BASE}?providers=maybe`, m.tokens.viewer), 400, /providers/)
    })

    it("an admin reopen withdraws the open offers and the assignment", async () => {
      const { uuid, offerOf } = await offered(["Ash Roofing", "Cedar Roofing"])
      await decoded(await accept(offerOf("Cedar Roofing")), IntakeOffer)
      const reopened = await decoded(
        await m.post(`${BASE}${uuid}/reopen/`, m.tokens.admin, { reason: "Wrong area" }),
        WorkRequestDetail,
      )
      expect(reopened).toMatchObject({ status: "pending", providers_state: null, assigned_provider: null })
      expect(reopened.selected_providers).toEqual([])
    })
  })
}
