import type { FastifyInstance } from "fastify"
import { dashboardApi } from "../../../src/schema/api/dashboard"
import { serveGroup } from "../../http/serve-endpoint"
import { dashboardSummary } from "../dashboard"
import { queueTimes } from "../queue-wait"

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { database, config, clock } = app.services
  serveGroup(app, dashboardApi, {
    summary: async ({ req }) =>
      dashboardSummary(database.db, req.user, queueTimes(config, new Date(clock.now()))),
  })
}
