import type { FastifyInstance } from "fastify"
import { readRoutes } from "./read-routes"
import { uploadRoutes } from "./upload-routes"

/** Stored documents: the intake API's uploads and what staff read of them, as one plugin for the app's ROUTES. */
export async function documentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(uploadRoutes)
  await app.register(readRoutes)
}
