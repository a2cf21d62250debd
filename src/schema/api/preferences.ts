import { Preferences, PreferencesUpdate, UpdatePushTokenBody } from "../notifications"
import { endpoint, group } from "./endpoint"
import { NOTIFICATIONS_PATH } from "./notifications"
import { IdParams } from "./params"

const BASE = `${NOTIFICATIONS_PATH}preferences/`

export const preferencesApi = group(
  "preferences",
  "Which notification types reach the signed-in user, per channel (in-app, push).",
  {
    get: endpoint({
      name: "get",
      method: "GET",
      path: BASE,
      summary: "The user's preferences (created with every switch on at first read).",
      callers: "signedIn",
      success: Preferences,
      errors: [401],
    }),
    replace: endpoint({
      name: "replace",
      method: "PUT",
      path: `${BASE}:id/`,
      summary: "Replaces every switch at once.",
      callers: "signedIn",
      params: IdParams,
      payload: PreferencesUpdate,
      success: Preferences,
      errors: [400, 401, 404],
    }),
    updatePushToken: endpoint({
      name: "updatePushToken",
      method: "POST",
      path: `${BASE}update_push_token/`,
      summary: "Stores the browser's push token on the preferences.",
      callers: "signedIn",
      payload: UpdatePushTokenBody,
      success: Preferences,
      errors: [400, 401],
    }),
  },
)
