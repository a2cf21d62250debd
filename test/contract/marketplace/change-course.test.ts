// Changing course on an approved request: withdrawing an offer and offering more each tell the record's
// followers (its claimant and the staff in its audit trail) with an `approval` notification linking to it,
// and never the person who made the change.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { providerSearchText } from "../../../server/marketplace/search-columns"
import { WorkRequest, WorkRequestDetail } from "../../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, SECOND_COORDINATOR, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/work-requests/"
/** A town no seeded provider serves, so the candidates are exactly the providers made here. */
const TOWN = "Coursetown"
const NAMES = ["Elm Glazing", "Fir Glazing"] as const

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`changing course notifies followers on ${backend}`, () => {
    let m: MarketplaceServer
    const uuidOf = new Map<string, string>()
    beforeAll(async () => {
      m = await startMarketplace(backend)
      const rows = await m.server.database.db
        .insertInto("provider")
        .values(
          NAMES.map((company_name) => ({
            company_name,
            services: ["glazing" as const],
            service_area: [TOWN],
            rating: 4,
            created_at: new Date(),
            search_text: providerSearchText({ company_name, services: ["glazing"], service_area: [TOWN] }),
          })),
        )
        .returning(["uuid", "company_name"])
        .execute()
      for (const r of rows) uuidOf.set(r.company_name, r.uuid)
    })
    afterAll(() => m?.close())

    /** Notifications about this request, by recipient's email, of the given title. */
    const told = async (uuid: string, title: string) =>
      (
        await m.server.database.db
          .selectFrom("notification as n")
          .innerJoin("app_user as u", "u.id", "n.user_id")
          .select(["u.email", "n.notification_type", "n.sender_name"])
          .where("n.action_url", "=", `/work-request-details/${uuid}`)
          .where("n.title", "=", title)
          .orderBy("u.email")
          .execute()
      ).map((r) => [r.email, r.notification_type, r.sender_name])

    it("the claimant and the staff who acted hear of a withdrawal and of more providers; the actor does not", async () => {
      const created = await decoded(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, {
          title: "Cracked pane",
          description: "Ground floor window.",
          customer_name: "Pat Pane",
          address: "1 Glass Lane, Coursetown",
          area: TOWN,
          service_category: "glazing",
          urgency: "normal",
        }),
        WorkRequest,
        201,
      )
      const uuid = created.uuid
      // The coordinator approves and chooses; the admin claims it: both follow it now.
      await decoded(await m.post(`${BASE}${uuid}/approve/`, m.tokens.coordinator), WorkRequestDetail)
      const chosen = await decoded(
        await m.post(`${BASE}${uuid}/select-providers/`, m.tokens.coordinator, {
          provider_ids: [uuidOf.get("Elm Glazing")],
        }),
        WorkRequestDetail,
      )
      await m.post(`${BASE}${uuid}/assign/`, m.tokens.admin)
      const offer = chosen.offers[0]?.uuid ?? ""
      await decoded(
        await m.post(`${BASE}${uuid}/offers/${offer}/withdraw/`, m.tokens.coordinator2, {
          reason: "Elm is on holiday",
        }),
        WorkRequestDetail,
      )
      expect(await told(uuid, "Offer withdrawn: Cracked pane")).toEqual([
        ["admin@example.com", "approval", SECOND_COORDINATOR.full_name],
        ["coordinator@example.com", "approval", SECOND_COORDINATOR.full_name],
      ])
      // The coordinator offers more: the second coordinator, who acted too, hears of it; the coordinator not.
      await decoded(
        await m.post(`${BASE}${uuid}/offer-providers/`, m.tokens.coordinator, {
          provider_ids: [uuidOf.get("Fir Glazing")],
          reason: "Fir can come tomorrow",
        }),
        WorkRequestDetail,
      )
      expect(await told(uuid, "More providers offered: Cracked pane")).toEqual([
        ["admin@example.com", "approval", "Corey Coordinator"],
        [SECOND_COORDINATOR.email, "approval", "Corey Coordinator"],
      ])
    })
  })
}
