import { Preferences, PreferencesUpdate, UpdatePushTokenBody } from "../notifications/notifications"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { NOTIFICATIONS_PATH } from "./notifications"
import { IdParams } from "./params"

const BASE = `${NOTIFICATIONS_PATH}preferences/`

export const preferencesApi = group("preferences", {
  get: endpoint({
    method: "GET",
    path: BASE,
    callers: "signedIn",
    success: Preferences,
    errors: [401],
  }),
  replace: endpoint({
    method: "PUT",
    path: `${BASE}:id/`,
    callers: "signedIn",
    params: IdParams,
    payload: PreferencesUpdate,
    success: Preferences,
    errors: [400, 401, 404],
  }),
  updatePushToken: endpoint({
    method: "POST",
    path: `${BASE}update_push_token/`,
    callers: "signedIn",
    payload: UpdatePushTokenBody,
    success: Preferences,
    errors: [400, 401],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const preferencesDocs = {
  description: "Which notification types reach the signed-in user, per channel (in-app, push).",
  summaries: {
    get: "The user's preferences (created with every switch on at first read).",
    replace: "Replaces every switch at once.",
    updatePushToken: "Stores the browser's push token on the preferences.",
  },
} satisfies GroupDocs<typeof preferencesApi>
