// Preferences and push registrations under /api/v1/notifications/ (docs/behaviour.md#push-order).
import type { FastifyInstance, FastifyPluginAsync } from "fastify"
import {
  DeviceToken,
  DeviceTokenRegisterBody,
  DeviceTokenUnregisterBody,
  DeviceTokenUnregistered,
  Preferences,
  PreferencesUpdate,
  UpdatePushTokenBody,
} from "../../src/schema/notifications"
import { badRequest } from "../errors"
import { decodeOr400, encodeBody } from "../http/decode"
import { requireUser } from "../http/require-user"
import { registerDeviceToken, unregisterDeviceToken } from "./device-tokens"
import { getPreferences, PREFERENCES_NOT_FOUND, replacePreferences, updatePushToken } from "./preferences"
import { NOTIFICATIONS_PATH, pathId } from "./routes"

interface IdParams {
  readonly id: string
}

export const notificationPreferenceRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { database, clock } = app.services
  const db = database.db
  const now = () => new Date(clock.now())
  const base = `${NOTIFICATIONS_PATH}preferences/`

  app.get(base, { preHandler: requireUser }, async (req) =>
    encodeBody(Preferences, await getPreferences(db, req.user.id, now())),
  )

  app.put<{ Params: IdParams }>(`${base}:id/`, { preHandler: requireUser }, async (req) => {
    const id = pathId(req.params.id, PREFERENCES_NOT_FOUND)
    const update = decodeOr400(PreferencesUpdate, req.body ?? {})
    if (update.id !== undefined && update.id !== id)
      throw badRequest("id: Does not match the id in the path.")
    return encodeBody(Preferences, await replacePreferences(db, req.user.id, id, update, now()))
  })

  app.post(`${base}update_push_token/`, { preHandler: requireUser }, async (req) => {
    const { push_token } = decodeOr400(UpdatePushTokenBody, req.body ?? {})
    return encodeBody(Preferences, await updatePushToken(db, req.user.id, push_token, now()))
  })

  app.post(`${NOTIFICATIONS_PATH}device-tokens/register/`, { preHandler: requireUser }, async (req) => {
    const body = decodeOr400(DeviceTokenRegisterBody, req.body ?? {})
    return encodeBody(DeviceToken, await registerDeviceToken(db, req.user.id, body, now()))
  })

  app.post(`${NOTIFICATIONS_PATH}device-tokens/unregister/`, { preHandler: requireUser }, async (req) => {
    const { device_id } = decodeOr400(DeviceTokenUnregisterBody, req.body ?? {})
    return encodeBody(DeviceTokenUnregistered, {
      removed: await unregisterDeviceToken(db, req.user.id, device_id),
    })
  })
}
