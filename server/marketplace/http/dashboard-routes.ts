import type { FastifyInstance } from "fastify"
import { DashboardSummary } from "../../../src/schema/marketplace"
import { encodeBody } from "../../http/decode"
import { requireUser } from "../../http/require-user"
import { dashboardSummary } from "../dashboard"

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db
  app.get("/api/v1/dashboard/summary/", { preHandler: requireUser }, async (req) =>
    encodeBody(DashboardSummary, await dashboardSummary(db, req.user)),
  )
}
