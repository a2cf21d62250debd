import type { FastifyInstance } from "fastify"
import { planningApi } from "../../../src/schema/api/planning"
import { serveGroup } from "../../http/serve-endpoint"
import { dayPlan } from "../day-plan"
import { queueTimes } from "../queue-wait"

export async function planRoutes(app: FastifyInstance): Promise<void> {
  const { database, config, clock } = app.services
  serveGroup(app, planningApi, {
    plan: async ({ req }) => dayPlan(database.db, req.user.id, queueTimes(config, new Date(clock.now()))),
  })
}
