import type { FastifyInstance } from "fastify"
import { reportsApi } from "../../../src/schema/api/reports"
import { serveGroup } from "../../http/serve-endpoint"
import { backlogByAge, dailyFlow, decisionsByPerson, providerAcceptance, timingByKind } from "../queries"

/** GET /api/v1/reports/: the team's figures for the last 30 (default) or 90 days, for staff. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  const db = database.db
  serveGroup(app, reportsApi, {
    summary: async ({ query }) => {
      const now = new Date(clock.now())
      const days = Number(query.days ?? "30")
      const target = config.queueOverdueAfterSeconds
      const [daily, byKind, backlog, people, acceptance] = await Promise.all([
        dailyFlow(db, now, days),
        timingByKind(db, now, days, target),
        backlogByAge(db, now),
        decisionsByPerson(db, now, days),
        providerAcceptance(db, now, days),
      ])
      return {
        days,
        as_of: now.toISOString(),
        target_seconds: target,
        daily,
        by_kind: byKind,
        backlog,
        people,
        provider_acceptance: acceptance,
      }
    },
  })
}
