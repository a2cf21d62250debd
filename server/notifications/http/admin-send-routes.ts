// POST /api/v1/notifications/: only the categories the permission table lets send notifications (admins); 403
// for everyone else, before the body is even read.
import type { FastifyInstance, FastifyPluginAsync } from "fastify"
import { adminSendApi } from "../../../src/schema/api/admin-send"
import { serveGroup } from "../../http/serve-endpoint"
import { adminSend } from "../admin-send"

export const notificationAdminRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const db = app.services.database.db
  serveGroup(app, adminSendApi, { send: async ({ payload, req }) => adminSend(db, req.user, payload) })
}
