import type { FastifyInstance } from "fastify"
import { ProviderPage } from "../../../src/schema/marketplace"
import { ProviderListQuery } from "../../../src/schema/marketplace-input"
import { decodeOr400, encodeBody } from "../../http/decode"
import { requireUser } from "../../http/require-user"
import { pageWindow } from "../list-query"
import { listProviders } from "../providers"
import { pageBody } from "./paging"

export async function providerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db
  app.get("/api/v1/providers/", { preHandler: requireUser }, async (req) => {
    const query = decodeOr400(ProviderListQuery, req.query)
    const result = await listProviders(db, query)
    return encodeBody(ProviderPage, pageBody(req, pageWindow(query.page, query.page_size), result))
  })
}
