import type { FastifyInstance } from "fastify"
import { maintenanceRequestsApi, workRequestsApi } from "../../../src/schema/api/requests"
import type { RequestKind } from "../../../src/schema/marketplace/marketplace"
import { type Handlers, serveGroup } from "../../http/serve-endpoint"
import { offerMoreProviders, withdrawOffer } from "../offers/offer-changes"
import { RECORD_KINDS } from "../records/record-kinds"
import { requestCandidates, selectProviders } from "../select-providers"
import { recordHandlers } from "./record-handlers"
import { requireAdminToReopen } from "./roles"

// The same eleven calls under /api/v1/work-requests/ and /api/v1/maintenance-requests/.

// Both groups describe the same calls, so one set of handlers (typed by the work group) serves either kind.
function handlersFor(app: FastifyInstance, kind: RequestKind): Handlers<typeof workRequestsApi> {
  const db = app.services.database.db
  const now = () => new Date(app.services.clock.now())
  const expirySeconds = app.services.config.offerExpirySeconds
  const { decide, ...calls } = recordHandlers(app, RECORD_KINDS[kind])
  return {
    ...calls,
    approve: decide,
    candidates: async ({ params, query }) =>
      requestCandidates(db, kind, params.uuid, now(), {
        maxKm: query.max_distance_km ?? null,
        hasCapacity: query.has_capacity === "true",
      }),
    selectProviders: async ({ params, payload, req }) =>
      selectProviders(db, kind, params.uuid, req.user, payload.provider_ids, now(), expirySeconds),
    offerProviders: async ({ params, payload, req }) =>
      offerMoreProviders(db, kind, params.uuid, req.user, payload.provider_ids, payload.reason, {
        now: now(),
        expirySeconds,
      }),
    withdrawOffer: async ({ params, payload, req }) =>
      withdrawOffer(db, kind, params.uuid, params.offer, req.user, payload.reason, now()),
  }
}

export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const options = { reopen: { guard: requireAdminToReopen } }
  serveGroup(app, workRequestsApi, handlersFor(app, "work"), options)
  serveGroup(app, maintenanceRequestsApi, handlersFor(app, "maintenance"), options)
}
