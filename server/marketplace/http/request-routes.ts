import type { FastifyInstance } from "fastify"
import { maintenanceRequestsApi, workRequestsApi } from "../../../src/schema/api/requests"
import type { RequestKind } from "../../../src/schema/marketplace/marketplace"
import { type Handlers, serveGroup } from "../../http/serve-endpoint"
import { claimRequest } from "../claims"
import { pageWindow } from "../list-query"
import { queueTimes } from "../queue-wait"
import { decideRequest, reopenRequest } from "../request-transitions"
import { listRequests, requestDetail } from "../requests"
import { requestCandidates, selectProviders } from "../select-providers"
import { pageBody } from "./paging"
import { requireAdminToReopen } from "./roles"

// The same nine calls under /api/v1/work-requests/ and /api/v1/maintenance-requests/.

// Both groups describe the same calls, so one set of handlers (typed by the work group) serves either kind.
function handlersFor(app: FastifyInstance, kind: RequestKind): Handlers<typeof workRequestsApi> {
  const { database, clock, config } = app.services
  const db = database.db
  const now = () => new Date(clock.now())
  return {
    list: async ({ query, req }) => ({
      ...pageBody(
        req,
        pageWindow(query.page, query.page_size),
        await listRequests(db, kind, query, req.user.id),
      ),
      queue: queueTimes(config, now()),
    }),
    detail: async ({ params }) => requestDetail(db, kind, params.uuid),
    approve: async ({ params, req }) =>
      decideRequest(db, kind, params.uuid, req.user, { to: "approved" }, now()),
    reject: async ({ params, payload, req }) =>
      decideRequest(db, kind, params.uuid, req.user, { to: "rejected", reason: payload.reason }, now()),
    reopen: async ({ params, payload, req }) =>
      reopenRequest(db, kind, params.uuid, req.user, payload.reason ?? null, now()),
    candidates: async ({ params }) => requestCandidates(db, kind, params.uuid),
    selectProviders: async ({ params, payload, req }) =>
      selectProviders(db, kind, params.uuid, req.user, payload.provider_ids, now()),
    assign: async ({ params, req }) =>
      claimRequest(db, kind, params.uuid, req.user, { to: "assigned" }, now()),
    unassign: async ({ params, req }) =>
      claimRequest(db, kind, params.uuid, req.user, { to: "unassigned" }, now()),
  }
}

export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const options = { reopen: { guard: requireAdminToReopen } }
  serveGroup(app, workRequestsApi, handlersFor(app, "work"), options)
  serveGroup(app, maintenanceRequestsApi, handlersFor(app, "maintenance"), options)
}
