import type { FastifyInstance } from "fastify"
import { applicationsApi } from "../../../src/schema/api/applications"
import { serveGroup } from "../../http/serve-endpoint"
import { RECORD_KINDS } from "../records/record-kinds"
import { recordHandlers } from "./record-handlers"
import { requireAdminToReopen } from "./roles"

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { decide, ...calls } = recordHandlers(app, RECORD_KINDS.application)
  serveGroup(app, applicationsApi, { ...calls, accept: decide }, { reopen: { guard: requireAdminToReopen } })
}
