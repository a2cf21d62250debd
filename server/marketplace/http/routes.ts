import type { FastifyInstance } from "fastify"
import { applicationRoutes } from "./application-routes"
import { dashboardRoutes } from "./dashboard-routes"
import { intakeRoutes } from "./intake-routes"
import { noteRoutes } from "./note-routes"
import { planRoutes } from "./plan-routes"
import { providerRoutes } from "./provider-routes"
import { requestRoutes } from "./request-routes"
import { savedViewRoutes } from "./saved-view-routes"

/** Every marketplace call, as one plugin for the app's ROUTES list. */
export async function marketplaceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(requestRoutes)
  await app.register(applicationRoutes)
  await app.register(providerRoutes)
  await app.register(dashboardRoutes)
  await app.register(intakeRoutes)
  await app.register(savedViewRoutes)
  await app.register(noteRoutes)
  await app.register(planRoutes)
}
