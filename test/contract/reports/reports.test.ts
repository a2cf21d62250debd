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
        expect(report.provider_acceptance).toBeNull()

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

    it("is for staff: 401 signed out, 403 read-only, 400 for another period", async () => {
      await expectDetail(await m.get("/api/v1/reports/"), 401)
      await expectDetail(await m.get("/api/v1/reports/", m.tokens.viewer), 403)
      await expectDetail(await m.get("/api/v1/reports/?days=7", m.tokens.admin), 400, /days/)
    })
  })
}
