import {
  DeviceToken,
  DeviceTokenRegisterBody,
  DeviceTokenUnregisterBody,
  DeviceTokenUnregistered,
} from "../notifications"
import { endpoint, group } from "./endpoint"
import { NOTIFICATIONS_PATH } from "./notifications"

export const pushApi = group("push", "The browsers that receive the signed-in user's push messages.", {
  register: endpoint({
    name: "register",
    method: "POST",
    path: `${NOTIFICATIONS_PATH}device-tokens/register/`,
    summary: "Registers (or updates) this browser's push token under its device id.",
    callers: "signedIn",
    payload: DeviceTokenRegisterBody,
    success: DeviceToken,
    errors: [400, 401],
  }),
  unregister: endpoint({
    name: "unregister",
    method: "POST",
    path: `${NOTIFICATIONS_PATH}device-tokens/unregister/`,
    summary: "Stops push to this browser.",
    callers: "signedIn",
    payload: DeviceTokenUnregisterBody,
    success: DeviceTokenUnregistered,
    errors: [400, 401],
  }),
})
