// /api/v1/reports/: the figures the database computes, checked against the same records counted here.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ReportSummary } from "../../../src/schema/reports/reports"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()
const DAY = 86_400_000

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = (s.length - 1) / 2
  return ((s[Math.floor(mid)] ?? 0) + (s[Math.ceil(mid)] ?? 0)) / 2
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`reports on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const records = async () => {
      const db = m.server.database.db
      const requests = await db
        .selectFrom("service_request")
        .select(["kind", "submitted_at", "decided_at", "decided_by_name", "status"])
        .execute()
      const apps = await db
        .selectFrom("company_application")
        .select(["submitted_at", "decided_at", "decided_by_name", "status"])
        .execute()
      return [
        ...requests.map((r) => ({ ...r, kind: r.kind as string, status: r.status as string })),
        ...apps.map((a) => ({ ...a, kind: "application", status: a.status as string })),
      ]
    }

    for (const days of [30, 90] as const)
      it(`computes the ${days}-day figures the records give`, async () => {
        const report = await decoded(
          await m.get(`/api/v1/reports/?days=${days}`, m.tokens.coordinator),
          ReportSummary,
        )
        const now = Date.parse(report.as_of)
        const all = await records()
        expect(report.days).toBe(days)
        expect(report.daily).toHaveLength(days)

        const firstDay = Date.parse(`${report.daily[0]?.day}T00:00:00Z`)
        const received = all.filter((r) => r.submitted_at.getTime() >= firstDay).length
        const decidedInDays = all.filter(
          (r) => r.decided_at !== null && r.decided_at.getTime() >= firstDay,
        ).length
        expect(report.daily.reduce((n, d) => n + d.received, 0)).toBe(received)
        expect(report.daily.reduce((n, d) => n + d.decided, 0)).toBe(decidedInDays)

        const from = now - days * DAY
        for (const kind of ["work", "maintenance", "application"] as const) {
          const waits = all
            .filter((r) => r.kind === kind && r.decided_at !== null && r.decided_at.getTime() >= from)
            .map((r) => ((r.decided_at?.getTime() ?? 0) - r.submitted_at.getTime()) / 1000)
          const row = report.by_kind.find((k) => k.kind === kind)
          if (waits.length === 0) {
            expect(row).toBeUndefined()
            continue
          }
          expect(row?.decided).toBe(waits.length)
          expect(row?.median_seconds).toBeCloseTo(median(waits), 0)
          expect(row?.within_target).toBe(waits.filter((w) => w <= report.target_seconds).length)
          expect(row?.p90_seconds ?? 0).toBeGreaterThanOrEqual(row?.median_seconds ?? 0)
        }

        const pending = all.filter((r) => r.status === "pending").length
        expect(report.backlog.reduce((n, b) => n + b.pending, 0)).toBe(pending)
        const decidedByPeople = all.filter(
          (r) => r.decided_at !== null && r.decided_at.getTime() >= from && r.decided_by_name !== null,
        ).length
        expect(report.people.reduce((n, p) => n + p.decisions, 0)).toBe(decidedByPeople)
      })

    it("counts each provider's answers to the period's offers: accepted of answered", async () => {
      const db = m.server.database.db
      const request = await db
        .selectFrom("service_request")
        .select("id")
        .orderBy("id")
        .executeTakeFirstOrThrow()
      const providers = await db
        .selectFrom("provider")
        .select(["id", "company_name"])
        .orderBy("id")
        .limit(2)
        .execute()
      const [a, b] = providers
      if (!a || !b) throw new Error("the seed has no two providers")
      const now = Date.now()
      const offer = (providerId: number, state: "accepted" | "declined" | "expired", daysAgo: number) => ({
        request_id: request.id,
        provider_id: providerId,
        state,
        offered_at: new Date(now - daysAgo * DAY),
        offered_by_name: "Test",
        expires_at: new Date(now - daysAgo * DAY + DAY),
        answered_at: state === "accepted" || state === "declined" ? new Date(now - daysAgo * DAY) : null,
      })
      const before = await decoded(
        await m.get("/api/v1/reports/?days=30", m.tokens.coordinator),
        ReportSummary,
      )
      const was = (name: string) =>
        before.provider_acceptance.find((p) => p.provider === name) ?? {
          offered: 0,
          accepted: 0,
          declined: 0,
          expired: 0,
        }
      await db
        .insertInto("provider_offer")
        .values([
          offer(a.id, "accepted", 1),
          offer(a.id, "declined", 2),
          offer(a.id, "accepted", 3),
          offer(a.id, "expired", 4),
          offer(b.id, "declined", 5),
          // Before the 30 days: counted in 90 only.
          offer(b.id, "accepted", 40),
        ])
        .execute()
      const report = await decoded(
        await m.get("/api/v1/reports/?days=30", m.tokens.coordinator),
        ReportSummary,
      )
      const rowA = report.provider_acceptance.find((p) => p.provider === a.company_name)
      const rowB = report.provider_acceptance.find((p) => p.provider === b.company_name)
      const wasA = was(a.company_name)
      const wasB = was(b.company_name)
      expect(rowA).toEqual({
        provider: a.company_name,
        offered: wasA.offered + 4,
        accepted: wasA.accepted + 2,
        declined: wasA.declined + 1,
        expired: wasA.expired + 1,
      })
      expect(rowB?.offered).toBe(wasB.offered + 1)
      expect(rowB?.accepted).toBe(wasB.accepted)
      const longer = await decoded(
        await m.get("/api/v1/reports/?days=90", m.tokens.coordinator),
        ReportSummary,
      )
      expect(longer.provider_acceptance.find((p) => p.provider === b.company_name)?.accepted).toBeGreaterThan(
        rowB?.accepted ?? 0,
      )
    })

    it("is for staff: 401 signed out, 403 read-only, 400 for another period", async () => {
      await expectDetail(await m.get("/api/v1/reports/"), 401)
      await expectDetail(await m.get("/api/v1/reports/", m.tokens.viewer), 403)
      await expectDetail(await m.get("/api/v1/reports/?days=7", m.tokens.admin), 400, /days/)
    })
  })
}
