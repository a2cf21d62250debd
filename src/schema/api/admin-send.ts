import { AdminSendBody, AdminSendResponse } from "../notifications"
import { endpoint, group } from "./endpoint"
import { NOTIFICATIONS_PATH } from "./notifications"

export const adminSendApi = group("adminSend", "Admins send a notification to a person or a category.", {
  send: endpoint({
    name: "send",
    method: "POST",
    path: NOTIFICATIONS_PATH,
    summary:
      "Sends a notification to one user (recipient_email) or every user of a category (recipient_category); delivered live and by push.",
    callers: "admin",
    payload: AdminSendBody,
    success: AdminSendResponse,
    successStatus: 201,
    errors: [400, 401, 403],
  }),
})
