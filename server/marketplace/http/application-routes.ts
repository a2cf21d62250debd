import type { FastifyInstance } from "fastify"
import { CompanyApplicationDetail, CompanyApplicationPage } from "../../../src/schema/marketplace"
import { ApplicationListQuery, RejectBody, ReopenBody } from "../../../src/schema/marketplace-input"
import { decodeOr400, encodeBody } from "../../http/decode"
import { requireUser } from "../../http/require-user"
import { decideApplication, reopenApplication } from "../application-transitions"
import { applicationDetail, listApplications } from "../applications"
import { APPLICATION_KIND } from "../kinds"
import { pageWindow } from "../list-query"
import { pageBody } from "./paging"
import { requireAdminToReopen, requireStaff } from "./roles"

interface UuidParams {
  readonly uuid: string
}

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock } = app.services
  const db = database.db
  const base = APPLICATION_KIND.apiPath
  const now = () => new Date(clock.now())

  app.get(base, { preHandler: requireUser }, async (req) => {
    const query = decodeOr400(ApplicationListQuery, req.query)
    const result = await listApplications(db, query)
    return encodeBody(CompanyApplicationPage, pageBody(req, pageWindow(query.page, query.page_size), result))
  })

  app.get<{ Params: UuidParams }>(`${base}:uuid/`, { preHandler: requireUser }, async (req) =>
    encodeBody(CompanyApplicationDetail, await applicationDetail(db, req.params.uuid)),
  )

  app.post<{ Params: UuidParams }>(`${base}:uuid/accept/`, { preHandler: requireStaff }, async (req) =>
    encodeBody(
      CompanyApplicationDetail,
      await decideApplication(db, req.params.uuid, req.user, { to: "accepted" }, now()),
    ),
  )

  app.post<{ Params: UuidParams }>(`${base}:uuid/reject/`, { preHandler: requireStaff }, async (req) => {
    const { reason } = decodeOr400(RejectBody, req.body ?? {})
    const detail = await decideApplication(db, req.params.uuid, req.user, { to: "rejected", reason }, now())
    return encodeBody(CompanyApplicationDetail, detail)
  })

  app.post<{ Params: UuidParams }>(
    `${base}:uuid/reopen/`,
    { preHandler: requireAdminToReopen },
    async (req) => {
      const { reason } = decodeOr400(ReopenBody, req.body ?? {})
      const detail = await reopenApplication(db, req.params.uuid, req.user, reason ?? null, now())
      return encodeBody(CompanyApplicationDetail, detail)
    },
  )
}
