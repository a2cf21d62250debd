import { Schema } from "effect"
import type { FastifyInstance } from "fastify"
import {
  CandidateList,
  MaintenanceRequest,
  MaintenanceRequestDetail,
  Page,
  type RequestKind,
  WorkRequest,
  WorkRequestDetail,
} from "../../../src/schema/marketplace"
import {
  RejectBody,
  ReopenBody,
  RequestListQuery,
  SelectProvidersBody,
} from "../../../src/schema/marketplace-input"
import { decodeOr400, encodeBody } from "../../http/decode"
import { requireUser } from "../../http/require-user"
import { REQUEST_KINDS } from "../kinds"
import { pageWindow } from "../list-query"
import { decideRequest, reopenRequest } from "../request-transitions"
import { listRequests, requestDetail } from "../requests"
import { requestCandidates, selectProviders } from "../select-providers"
import { pageBody } from "./paging"
import { requireAdminToReopen, requireStaff } from "./roles"

// The same eight calls under /api/v1/work-requests/ and /api/v1/maintenance-requests/.

const RequestPage = Page(Schema.Union([WorkRequest, MaintenanceRequest]))
const RequestDetail = Schema.Union([WorkRequestDetail, MaintenanceRequestDetail])

interface UuidParams {
  readonly uuid: string
}

function requestRoutesFor(app: FastifyInstance, kind: RequestKind): void {
  const { database, clock } = app.services
  const db = database.db
  const base = REQUEST_KINDS[kind].apiPath
  const now = () => new Date(clock.now())

  app.get(base, { preHandler: requireUser }, async (req) => {
    const query = decodeOr400(RequestListQuery, req.query)
    const result = await listRequests(db, kind, query)
    return encodeBody(RequestPage, pageBody(req, pageWindow(query.page, query.page_size), result))
  })

  app.get<{ Params: UuidParams }>(`${base}:uuid/`, { preHandler: requireUser }, async (req) =>
    encodeBody(RequestDetail, await requestDetail(db, kind, req.params.uuid)),
  )

  app.post<{ Params: UuidParams }>(`${base}:uuid/approve/`, { preHandler: requireStaff }, async (req) =>
    encodeBody(
      RequestDetail,
      await decideRequest(db, kind, req.params.uuid, req.user, { to: "approved" }, now()),
    ),
  )

  app.post<{ Params: UuidParams }>(`${base}:uuid/reject/`, { preHandler: requireStaff }, async (req) => {
    const { reason } = decodeOr400(RejectBody, req.body ?? {})
    const detail = await decideRequest(db, kind, req.params.uuid, req.user, { to: "rejected", reason }, now())
    return encodeBody(RequestDetail, detail)
  })

  app.post<{ Params: UuidParams }>(
    `${base}:uuid/reopen/`,
    { preHandler: requireAdminToReopen },
    async (req) => {
      const { reason } = decodeOr400(ReopenBody, req.body ?? {})
      return encodeBody(
        RequestDetail,
        await reopenRequest(db, kind, req.params.uuid, req.user, reason ?? null, now()),
      )
    },
  )

  app.get<{ Params: UuidParams }>(`${base}:uuid/providers/`, { preHandler: requireUser }, async (req) =>
    encodeBody(CandidateList, await requestCandidates(db, kind, req.params.uuid)),
  )

  app.post<{ Params: UuidParams }>(
    `${base}:uuid/select-providers/`,
    { preHandler: requireStaff },
    async (req) => {
      const { provider_ids } = decodeOr400(SelectProvidersBody, req.body ?? {})
      const detail = await selectProviders(db, kind, req.params.uuid, req.user, provider_ids, now())
      return encodeBody(RequestDetail, detail)
    },
  )
}

export async function requestRoutes(app: FastifyInstance): Promise<void> {
  requestRoutesFor(app, "work")
  requestRoutesFor(app, "maintenance")
}
