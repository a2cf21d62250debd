import type { FastifyInstance } from "fastify"
import { searchApi } from "../../../src/schema/api/search"
import { serveGroup } from "../../http/serve-endpoint"
import { search } from "../find"

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db
  serveGroup(app, searchApi, { find: async ({ query, req }) => search(db, req.user.id, query.q) })
}
