import type { FastifyInstance } from "fastify"
import { dashboardApi } from "../../../src/schema/api/dashboard"
import { serveGroup } from "../../http/serve-endpoint"
import { dashboardSummary } from "../dashboard"

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db
  serveGroup(app, dashboardApi, { summary: async ({ req }) => dashboardSummary(db, req.user) })
}
