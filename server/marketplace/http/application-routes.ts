import type { FastifyInstance } from "fastify"
import { applicationsApi } from "../../../src/schema/api/applications"
import { pageBody } from "../../http/page-body"
import { serveGroup } from "../../http/serve-endpoint"
import { marketplaceWindow } from "../list-query"
import { queueTimes } from "../queue-wait"
import { claimRecord } from "../records/record-claims"
import { RECORD_KINDS } from "../records/record-kinds"
import { listRecords } from "../records/record-list"
import { recordDetail } from "../records/record-rows"
import { decideRecord, reopenRecord } from "../records/record-transitions"
import { requireAdminToReopen } from "./roles"

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  const db = database.db
  const now = () => new Date(clock.now())
  const kind = RECORD_KINDS.application

  serveGroup(
    app,
    applicationsApi,
    {
      list: async ({ query, req }) => ({
        ...pageBody(req, marketplaceWindow(query), await listRecords(db, kind, query, req.user.id)),
        queue: queueTimes(config, now()),
      }),
      detail: async ({ params }) => recordDetail(db, kind, params.uuid),
      accept: async ({ params, req }) =>
        decideRecord(db, kind, params.uuid, req.user, { to: "decided" }, now()),
      reject: async ({ params, payload, req }) =>
        decideRecord(db, kind, params.uuid, req.user, { to: "rejected", reason: payload.reason }, now()),
      reopen: async ({ params, payload, req }) =>
        reopenRecord(db, kind, params.uuid, req.user, payload.reason ?? null, now()),
      assign: async ({ params, req }) =>
        claimRecord(db, kind, params.uuid, req.user, { to: "assigned" }, now()),
      unassign: async ({ params, req }) =>
        claimRecord(db, kind, params.uuid, req.user, { to: "unassigned" }, now()),
    },
    { reopen: { guard: requireAdminToReopen } },
  )
}
