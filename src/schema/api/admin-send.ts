import { AdminSendBody, AdminSendResponse } from "../notifications/notifications"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { NOTIFICATIONS_PATH } from "./notifications"

export const adminSendApi = group("adminSend", {
  send: endpoint({
    method: "POST",
    path: NOTIFICATIONS_PATH,
    callers: "send",
    payload: AdminSendBody,
    success: AdminSendResponse,
    successStatus: 201,
    errors: [400, 401, 403],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const adminSendDocs = {
  description: "Admins send a notification to a person or a category.",
  summaries: {
    send: "Sends a notification to one user (recipient_email) or every user of a category (recipient_category); delivered live and by push.",
  },
} satisfies GroupDocs<typeof adminSendApi>
