import type { FastifyInstance } from "fastify"
import { applicationsApi } from "../../../src/schema/api/applications"
import { serveGroup } from "../../http/serve-endpoint"
import { decideApplication, reopenApplication } from "../application-transitions"
import { applicationDetail, listApplications } from "../applications"
import { claimApplication } from "../claims"
import { pageWindow } from "../list-query"
import { queueTimes } from "../queue-wait"
import { pageBody } from "./paging"
import { requireAdminToReopen } from "./roles"

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  const db = database.db
  const now = () => new Date(clock.now())

  serveGroup(
    app,
    applicationsApi,
    {
      list: async ({ query, req }) => ({
        ...pageBody(
          req,
          pageWindow(query.page, query.page_size),
          await listApplications(db, query, req.user.id),
        ),
        queue: queueTimes(config, now()),
      }),
      detail: async ({ params }) => applicationDetail(db, params.uuid),
      accept: async ({ params, req }) =>
        decideApplication(db, params.uuid, req.user, { to: "accepted" }, now()),
      reject: async ({ params, payload, req }) =>
        decideApplication(db, params.uuid, req.user, { to: "rejected", reason: payload.reason }, now()),
      reopen: async ({ params, payload, req }) =>
        reopenApplication(db, params.uuid, req.user, payload.reason ?? null, now()),
      assign: async ({ params, req }) =>
        claimApplication(db, params.uuid, req.user, { to: "assigned" }, now()),
      unassign: async ({ params, req }) =>
        claimApplication(db, params.uuid, req.user, { to: "unassigned" }, now()),
    },
    { reopen: { guard: requireAdminToReopen } },
  )
}
