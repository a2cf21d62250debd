// An admin reopening an approved request whose offers are still open: in the same transaction the offers are
// withdrawn with the reopen's reason, the chosen providers lose the job from their load and are named in the
// audit entry in the order they were chosen, the request forgets them, and the staff but the admin hear of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { REOPENED_REASON } from "../../../server/marketplace/records/record-kinds"
import { providerSearchText } from "../../../server/marketplace/search-columns"
import { WorkRequest, WorkRequestDetail } from "../../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/work-requests/"
/** A town no seeded provider serves, so the candidates are exactly the providers made here. */
const TOWN = "Reopenham"
const NAMES = ["Oak Glazing", "Pine Glazing", "Yew Glazing"] as const

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`a reopen releases what was chosen on ${backend}`, () => {
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

    const loads = async () =>
      Object.fromEntries(
        (
          await m.server.database.db
            .selectFrom("provider")
            .select(["company_name", "current_load"])
            .where("company_name", "in", [...NAMES])
            .execute()
        ).map((r) => [r.company_name, r.current_load]),
      )

    it("withdraws the open offers, releases the providers in the order chosen and tells the staff", async () => {
      const created = await decoded(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, {
          title: "Misted unit",
          description: "Upstairs bedroom.",
          customer_name: "Rhea Reopen",
          address: "2 Frame Street, Reopenham",
          area: TOWN,
          service_category: "glazing",
          urgency: "normal",
        }),
        WorkRequest,
        201,
      )
      await decoded(await m.post(`${BASE}${created.uuid}/approve/`, m.tokens.coordinator), WorkRequestDetail)
      const order = ["Yew Glazing", "Oak Glazing", "Pine Glazing"]
      const chosen = await decoded(
        await m.post(`${BASE}${created.uuid}/select-providers/`, m.tokens.coordinator, {
          provider_ids: order.map((name) => uuidOf.get(name)),
        }),
        WorkRequestDetail,
      )
      expect(chosen.offers.map((o) => o.state)).toEqual(["offered", "offered", "offered"])
      const before = await loads()

      const reopened = await decoded(
        await m.post(`${BASE}${created.uuid}/reopen/`, m.tokens.admin, { reason: "Wrong trade" }),
        WorkRequestDetail,
      )
      expect(reopened).toMatchObject({
        status: "pending",
        decided_at: null,
        reason: null,
        selected_providers: [],
        providers_selected_at: null,
        providers_selected_by: null,
        providers_state: null,
        assigned_provider: null,
        possible_providers: NAMES.length,
      })
      const entry = reopened.audit.at(-1)
      expect(entry).toMatchObject({
        action: "reopened",
        from_status: "approved",
        to_status: "pending",
        reason: "Wrong trade",
        details: {
          released_providers: order.map((name) => ({ uuid: uuidOf.get(name), company_name: name })),
        },
      })
      expect(reopened.offers).toHaveLength(3)
      for (const offer of reopened.offers)
        expect(offer).toMatchObject({ state: "withdrawn", reason: REOPENED_REASON, answered_at: entry?.at })
      const after = await loads()
      for (const name of NAMES) expect(after[name]).toBe((before[name] ?? 0) - 1)
      // The answer is what a later read says (which adds the change log's position).
      const { live_position: _, ...read } = await decoded(
        await m.get(`${BASE}${created.uuid}/`, m.tokens.viewer),
        WorkRequestDetail,
      )
      expect(read).toEqual(reopened)

      const told = await m.server.database.db
        .selectFrom("notification as n")
        .innerJoin("app_user as u", "u.id", "n.user_id")
        .select(["u.email", "n.notification_type", "n.priority", "n.sender_name"])
        .where("n.action_url", "=", `/work-request-details/${created.uuid}`)
        .where("n.title", "=", "Work request reopened")
        .orderBy("u.email")
        .execute()
      expect(told.map((t) => t.email)).toEqual(["coordinator@example.com", "cora@example.com"])
      expect(told.every((t) => t.notification_type === "system_alert" && t.priority === "medium")).toBe(true)
      expect(new Set(told.map((t) => t.sender_name))).toEqual(new Set(["Ada Admin"]))
    })
  })
}
