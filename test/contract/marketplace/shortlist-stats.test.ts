// The shortlist's stored facts (server/marketplace/shortlist/offer-stats-migration.ts): each company's offers
// record, kept by triggers, equals the aggregation it replaced after offers are made, answered, withdrawn,
// expired and deleted; and the (trade, town) keys the candidates are found by follow a company's changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { providerSearchText } from "../../../server/marketplace/search-columns"
import {
  NO_HISTORY,
  type OfferHistory,
  offerHistory,
} from "../../../server/marketplace/shortlist/offer-history"
import { BACKENDS, postgresAvailable } from "../harness"
import { type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()

const COMPANIES = [
  { company_name: "Stats Drains", services: ["drainage"], service_area: ["Leeds"] },
  { company_name: "Stats Roofing", services: ["roofing", "drainage"], service_area: [" York ", "LEEDS"] },
  { company_name: "Stats Heating", services: ["heating"], service_area: ["Bath"] },
] as const

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`the shortlist's stored facts on ${backend}`, () => {
    let m: MarketplaceServer
    let ids: number[] = []
    let requestId = 0

    beforeAll(async () => {
      m = await startMarketplace(backend)
      const db = m.server.database.db
      const rows = await db
        .insertInto("provider")
        .values(
          COMPANIES.map((c) => ({
            ...c,
            services: [...c.services],
            service_area: [...c.service_area],
            rating: 4,
            created_at: new Date(),
            search_text: providerSearchText(c),
          })),
        )
        .returning("id")
        .execute()
      ids = rows.map((r) => r.id)
      requestId = (await db.selectFrom("service_request").select("id").executeTakeFirstOrThrow()).id
    })
    afterAll(() => m?.close())

    /** Every company's stored record beside the aggregation over its offers, for the test's companies. */
    const bothRecords = async () => {
      const db = m.server.database.db
      const raw = await offerHistory(db, ids)
      const stored = await db
        .selectFrom("provider_offer_stats")
        .selectAll()
        .where("provider_id", "in", ids)
        .execute()
      const byId = new Map(stored.map((s) => [s.provider_id, s]))
      return ids.map((id) => {
        const s = byId.get(id)
        const kept: OfferHistory =
          s === undefined
            ? NO_HISTORY
            : {
                accepted: s.accepted,
                closed: s.closed,
                medianAnswerHours: s.median_seconds === null ? null : Number(s.median_seconds) / 3600,
              }
        return { raw: raw.get(id) ?? NO_HISTORY, kept }
      })
    }
    const expectEqualRecords = async () => {
      const records = await bothRecords()
      for (const r of records) expect(r.kept).toEqual(r.raw)
      return records
    }

    it("keeps each company's offers record equal to the aggregation as offers change", async () => {
      const db = m.server.database.db
      const at = new Date("2026-02-02T08:00:00Z")
      const hours = (h: number) => new Date(at.getTime() + h * 3_600_000)
      const [a = 0, b = 0] = ids
      const offer = (
        provider_id: number,
        state: "offered" | "accepted" | "declined" | "expired",
        h: number,
      ) => ({
        request_id: requestId,
        provider_id,
        state,
        offered_at: at,
        offered_by_name: "Test",
        expires_at: hours(48),
        answered_at: state === "accepted" || state === "declined" ? hours(h) : null,
      })
      const made = await db
        .insertInto("provider_offer")
        .values([
          offer(a, "accepted", 1),
          offer(a, "declined", 5),
          offer(a, "offered", 0),
          offer(b, "expired", 0),
          offer(b, "offered", 0),
        ])
        .returning(["id", "provider_id", "state"])
        .execute()
      const first = await expectEqualRecords()
      expect(first[0]?.kept).toEqual({ accepted: 1, closed: 2, medianAnswerHours: 3 })
      expect(first[1]?.kept).toEqual({ accepted: 0, closed: 1, medianAnswerHours: null })

      // Answered: the open offers of both companies accepted after 8 h.
      const open = made.filter((o) => o.state === "offered").map((o) => o.id)
      await db
        .updateTable("provider_offer")
        .set({ state: "accepted", answered_at: hours(8) })
        .where("id", "in", open)
        .execute()
      const answered = await expectEqualRecords()
      expect(answered[0]?.kept).toEqual({ accepted: 2, closed: 3, medianAnswerHours: 5 })
      expect(answered[1]?.kept.accepted).toBe(1)

      // Withdrawn (our doing, not theirs): it no longer counts.
      await db
        .updateTable("provider_offer")
        .set({ state: "withdrawn" })
        .where("id", "=", made[0]?.id ?? 0)
        .execute()
      expect((await expectEqualRecords())[0]?.kept).toEqual({
        accepted: 1,
        closed: 2,
        medianAnswerHours: 6.5,
      })

      // Moved to another company, then deleted: both sides follow.
      await db
        .updateTable("provider_offer")
        .set({ provider_id: ids[2] ?? 0 })
        .where("id", "=", made[1]?.id ?? 0)
        .execute()
      expect((await expectEqualRecords())[2]?.kept.closed).toBe(1)
      await db.deleteFrom("provider_offer").where("provider_id", "in", ids).execute()
      for (const r of await expectEqualRecords()) expect(r.kept.closed).toBe(0)
    })

    it("finds a company by each trade and town it serves, as they change", async () => {
      const db = m.server.database.db
      const keysOf = async (id: number) =>
        (
          await db
            .selectFrom("provider_coverage")
            .select("key")
            .where("provider_id", "=", id)
            .orderBy("key")
            .execute()
        ).map((r) => r.key)
      expect(await keysOf(ids[1] ?? 0)).toEqual([
        "drainage|leeds",
        "drainage|york",
        "roofing|leeds",
        "roofing|york",
      ])
      await db
        .updateTable("provider")
        .set({ services: ["heating"], service_area: ["Bath", "Exeter "] })
        .where("id", "=", ids[1] ?? 0)
        .execute()
      expect(await keysOf(ids[1] ?? 0)).toEqual(["heating|bath", "heating|exeter"])
      // A change to other columns leaves the keys alone.
      await db
        .updateTable("provider")
        .set({ current_load: 3 })
        .where("id", "=", ids[1] ?? 0)
        .execute()
      expect(await keysOf(ids[1] ?? 0)).toEqual(["heating|bath", "heating|exeter"])
    })
  })
}
