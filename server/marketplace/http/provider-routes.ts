import type { FastifyInstance } from "fastify"
import { providersApi } from "../../../src/schema/api/providers"
import { pageBody } from "../../http/page-body"
import { serveGroup } from "../../http/serve-endpoint"
import { marketplaceWindow } from "../list-query"
import { listProviders } from "../providers"

export async function providerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db
  serveGroup(app, providersApi, {
    list: async ({ query, req }) => pageBody(req, marketplaceWindow(query), await listProviders(db, query)),
  })
}
