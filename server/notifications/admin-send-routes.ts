// POST /api/v1/notifications/: admins only (403 for everyone else, before the body is even read).
import type { FastifyInstance, FastifyPluginAsync } from "fastify"
import { AdminSendBody, AdminSendResponse } from "../../src/schema/notifications"
import { decodeOr400, encodeBody } from "../http/decode"
import { requireAction } from "../http/require-action"
import { adminSend } from "./admin-send"
import { NOTIFICATIONS_PATH } from "./routes"

export const notificationAdminRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const db = app.services.database.db
  app.post(NOTIFICATIONS_PATH, { preHandler: requireAction("notification.send") }, async (req, reply) => {
    const body = decodeOr400(AdminSendBody, req.body ?? {})
    reply.code(201)
    return encodeBody(AdminSendResponse, await adminSend(db, req.user, body))
  })
}
