import type { FastifyInstance } from "fastify"
import { providersApi } from "../../../src/schema/api/providers"
import { serveGroup } from "../../http/serve-endpoint"
import { pageWindow } from "../list-query"
import { listProviders } from "../providers"
import { pageBody } from "./paging"

export async function providerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db
  serveGroup(app, providersApi, {
    list: async ({ query, req }) =>
      pageBody(req, pageWindow(query.page, query.page_size), await listProviders(db, query)),
  })
}
