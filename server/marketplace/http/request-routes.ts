import type { FastifyInstance } from "fastify"
import { maintenanceRequestsApi, workRequestsApi } from "../../../src/schema/api/requests"
import type { RequestKind } from "../../../src/schema/marketplace"
import { pageBody } from "../../http/page-body"
import { type Handlers, serveGroup } from "../../http/serve-endpoint"
import { marketplaceWindow } from "../list-query"
import { queueTimes } from "../queue-wait"
import { claimRecord } from "../records/record-claims"
import { RECORD_KINDS } from "../records/record-kinds"
import { listRecords } from "../records/record-list"
import { recordDetail } from "../records/record-rows"
import { decideRecord, reopenRecord } from "../records/record-transitions"
import { requestCandidates, selectProviders } from "../select-providers"
import { requireAdminToReopen } from "./roles"

// The same nine calls under /api/v1/work-requests/ and /api/v1/maintenance-requests/.

// Both groups describe the same calls, so one set of handlers (typed by the work group) serves either kind.
function handlersFor(app: FastifyInstance, requestKind: RequestKind): Handlers<typeof workRequestsApi> {
  const { database, clock, config } = app.services
  const db = database.db
  const now = () => new Date(clock.now())
  const kind = RECORD_KINDS[requestKind]
  return {
    list: async ({ query, req }) => ({
      ...pageBody(req, marketplaceWindow(query), await listRecords(db, kind, query, req.user.id)),
      queue: queueTimes(config, now()),
    }),
    detail: async ({ params }) => recordDetail(db, kind, params.uuid),
    approve: async ({ params, req }) =>
      decideRecord(db, kind, params.uuid, req.user, { to: "decided" }, now()),
    reject: async ({ params, payload, req }) =>
      decideRecord(db, kind, params.uuid, req.user, { to: "rejected", reason: payload.reason }, now()),
    reopen: async ({ params, payload, req }) =>
      reopenRecord(db, kind, params.uuid, req.user, payload.reason ?? null, now()),
    candidates: async ({ params }) => requestCandidates(db, requestKind, params.uuid),
    selectProviders: async ({ params, payload, req }) =>
      selectProviders(db, requestKind, params.uuid, req.user, payload.provider_ids, now()),
    assign: async ({ params, req }) =>
      claimRecord(db, kind, params.uuid, req.user, { to: "assigned" }, now()),
    unassign: async ({ params, req }) =>
      claimRecord(db, kind, params.uuid, req.user, { to: "unassigned" }, now()),
  }
}

export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const options = { reopen: { guard: requireAdminToReopen } }
  serveGroup(app, workRequestsApi, handlersFor(app, "work"), options)
  serveGroup(app, maintenanceRequestsApi, handlersFor(app, "maintenance"), options)
}
