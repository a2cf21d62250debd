import type { FastifyInstance } from "fastify"
import { EXPORT_DOWNLOAD_PATH, exportsApi } from "../../../src/schema/api/exports"
import { categoryMay } from "../../../src/schema/auth/permissions"
import type { ExportRequest } from "../../../src/schema/exports/exports"
import { findUserById } from "../../auth/users"
import { loadOrCreateSecret } from "../../db/secrets"
import { forbidden, unauthorized } from "../../errors"
import { authenticateSession } from "../../http/require-user"
import { StreamedFile, serveGroup } from "../../http/serve-endpoint"
import type { Db } from "../../marketplace/db"
import { exportConfig } from "../config"
import { createDownloadLinks } from "../download-link"
import type { ExportPlan } from "../plan"
import { applicationPlan, requestPlan } from "../record-plans"
import { exportStream } from "../stream"
import { auditPlan, inboxPlan } from "../trail-plans"

// POST /api/v1/exports/ checks the caller and signs a download address for the view; GET on that address
// streams the CSV. Two steps because a browser download is a plain navigation, which cannot send the bearer
// token, and a fetch saved as a blob would hold the whole file in the page before the user saw a byte.

export const EXPORT_SECRET_NAME = "export-link"
export const MESSAGES = {
  noToken: "This download address has no token. Export again from the list.",
  badToken: "This download address has expired or is not valid. Export again from the list.",
  auditForStaff: "Only coordinators and admins can export the audit trail.",
} as const

const BEARER = /^Bearer\s+(\S+)$/i

/** The audit trail names who decided what and why: the people who decide may take it away, others not. */
const mayExport = (category: string, view: ExportRequest): boolean =>
  view.source !== "audit" || categoryMay(category, "record.decide")

function planOf(
  db: Db,
  view: ExportRequest,
  userId: number,
  now: Date,
  overdueAfterSeconds: number,
): ExportPlan {
  switch (view.source) {
    case "work":
    case "maintenance":
      return requestPlan(db, view, userId, now, overdueAfterSeconds)
    case "application":
      return applicationPlan(db, view, userId, now, overdueAfterSeconds)
    case "notifications":
      return inboxPlan(db, view, userId, now)
    case "audit":
      return auditPlan(db, view, now)
  }
}

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, revocations, config: appConfig } = app.services
  const config = exportConfig()
  const links = createDownloadLinks(
    await loadOrCreateSecret(database.db, EXPORT_SECRET_NAME),
    clock,
    config.linkSeconds,
  )

  serveGroup(
    app,
    exportsApi,
    {
      create: async ({ payload, req }) => {
        if (!mayExport(req.user.user_category, payload)) throw forbidden(MESSAGES.auditForStaff)
        const { sessionId } = await authenticateSession(
          req,
          BEARER.exec(req.headers.authorization ?? "")?.[1],
        )
        const { token, expiresAt } = await links.sign({ userId: req.user.id, sessionId, view: payload })
        const plan = planOf(
          database.db,
          payload,
          req.user.id,
          new Date(clock.now()),
          appConfig.queueOverdueAfterSeconds,
        )
        const url = `${EXPORT_DOWNLOAD_PATH}?token=${encodeURIComponent(token)}`
        return { url, expires_at: expiresAt.toISOString(), filename: plan.filename }
      },
      download: async ({ query, req }) => {
        if (!query.token) throw unauthorized(MESSAGES.noToken)
        const claims = await links.verify(query.token)
        if (!claims || (await revocations.isRevoked(claims.sessionId))) throw unauthorized(MESSAGES.badToken)
        const user = await findUserById(database.db, claims.userId)
        if (!user) throw unauthorized(MESSAGES.badToken)
        if (!mayExport(user.user_category, claims.view)) throw forbidden(MESSAGES.auditForStaff)
        const plan = planOf(
          database.db,
          claims.view,
          user.id,
          new Date(clock.now()),
          appConfig.queueOverdueAfterSeconds,
        )
        const started = Date.now()
        const stream = exportStream(plan, config.batchRows, (end) =>
          req.log.info(
            { export: claims.view.source, rows: end.rows, complete: end.complete, ms: Date.now() - started },
            end.complete ? "export finished" : "export stopped early",
          ),
        )
        return new StreamedFile("text/csv; charset=utf-8", plan.filename, stream)
      },
    },
    // gzip holds its output until a block fills, on a repetitive file most of it: the first byte would wait
    // for thousands of rows. Plain bytes start at once; compressing batch by batch is left for when size matters.
    { download: { compress: false } },
  )
}
