// Preferences and push registrations under /api/v1/notifications/, served from their description
// (docs/behaviour.md#push-order).
import type { FastifyInstance, FastifyPluginAsync } from "fastify"
import { preferencesApi } from "../../../src/schema/api/preferences"
import { pushApi } from "../../../src/schema/api/push"
import { invalid } from "../../errors"
import { serveGroup } from "../../http/serve-endpoint"
import { registerDeviceToken, unregisterDeviceToken } from "../device-tokens"
import { getPreferences, PREFERENCES_NOT_FOUND, replacePreferences, updatePushToken } from "../preferences"
import { pathId } from "./notification-routes"

export const notificationPreferenceRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { database, clock } = app.services
  const db = database.db
  const now = () => new Date(clock.now())

  serveGroup(app, preferencesApi, {
    get: async ({ req }) => getPreferences(db, req.user.id, now()),
    replace: async ({ params, payload, req }) => {
      const id = pathId(params.id, PREFERENCES_NOT_FOUND)
      if (payload.id !== undefined && payload.id !== id)
        throw invalid("id: Does not match the id in the path.")
      return replacePreferences(db, req.user.id, id, payload, now())
    },
    updatePushToken: async ({ payload, req }) => updatePushToken(db, req.user.id, payload.push_token, now()),
  })

  serveGroup(app, pushApi, {
    register: async ({ payload, req }) => registerDeviceToken(db, req.user.id, payload, now()),
    unregister: async ({ payload, req }) => ({
      removed: await unregisterDeviceToken(db, req.user.id, payload.device_id),
    }),
  })
}
