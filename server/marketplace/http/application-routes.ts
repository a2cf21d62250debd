import type { FastifyInstance } from "fastify"
import { applicationsApi } from "../../../src/schema/api/applications"
import { serveGroup } from "../../http/serve-endpoint"
import { RECORD_KINDS } from "../records/record-kinds"
import { requestInformation } from "../request-information"
import { recordHandlers } from "./record-handlers"
import { requireAdminToReopen } from "./roles"

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { decide, ...calls } = recordHandlers(app, RECORD_KINDS.application)
  const { database, clock } = app.services
  serveGroup(
    app,
    applicationsApi,
    {
      ...calls,
      accept: decide,
      requestInformation: async ({ params, payload, req }) =>
        requestInformation(database.db, params.uuid, req.user, payload.message, new Date(clock.now())),
    },
    { reopen: { guard: requireAdminToReopen } },
  )
}
