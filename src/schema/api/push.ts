import {
  DeviceToken,
  DeviceTokenRegisterBody,
  DeviceTokenUnregisterBody,
  DeviceTokenUnregistered,
} from "../notifications/notifications"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { NOTIFICATIONS_PATH } from "./notifications"

export const pushApi = group("push", {
  register: endpoint({
    method: "POST",
    path: `${NOTIFICATIONS_PATH}device-tokens/register/`,
    callers: "signedIn",
    payload: DeviceTokenRegisterBody,
    success: DeviceToken,
    errors: [400, 401],
  }),
  unregister: endpoint({
    method: "POST",
    path: `${NOTIFICATIONS_PATH}device-tokens/unregister/`,
    callers: "signedIn",
    payload: DeviceTokenUnregisterBody,
    success: DeviceTokenUnregistered,
    errors: [400, 401],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const pushDocs = {
  description: "The browsers that receive the signed-in user's push messages.",
  summaries: {
    register: "Registers (or updates) this browser's push token under its device id.",
    unregister: "Stops push to this browser.",
  },
} satisfies GroupDocs<typeof pushApi>
