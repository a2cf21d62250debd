import {
  AccountHistory,
  InvitationIssued,
  InviteBody,
  ResetLinkIssued,
  StaffList,
  StaffMember,
  StaffPatch,
  StaffQuery,
  VersionBody,
} from "../accounts/staff"
import { endpoint, type GroupDocs, group } from "./endpoint"
import { IdParams } from "./params"

// The staff page: the team's accounts, for those who manage them.

const S = "/api/company/staff/"

export const staffApi = group("staff", {
  list: endpoint({
    method: "GET",
    path: S,
    callers: "manageStaff",
    query: StaffQuery,
    success: StaffList,
    errors: [400, 401, 403],
  }),
  invite: endpoint({
    method: "POST",
    path: `${S}invitations/`,
    callers: "manageStaff",
    payload: InviteBody,
    success: InvitationIssued,
    successStatus: 201,
    errors: [400, 401, 403, 409],
  }),
  resendInvitation: endpoint({
    method: "POST",
    path: `${S}:id/invitation/resend/`,
    callers: "manageStaff",
    params: IdParams,
    payload: VersionBody,
    success: InvitationIssued,
    errors: [400, 401, 403, 404, 409],
  }),
  revokeInvitation: endpoint({
    method: "POST",
    path: `${S}:id/invitation/revoke/`,
    callers: "manageStaff",
    params: IdParams,
    payload: VersionBody,
    success: StaffMember,
    errors: [400, 401, 403, 404, 409],
  }),
  change: endpoint({
    method: "PATCH",
    path: `${S}:id/`,
    callers: "manageStaff",
    params: IdParams,
    payload: StaffPatch,
    success: StaffMember,
    errors: [400, 401, 403, 404, 409],
  }),
  resetLink: endpoint({
    method: "POST",
    path: `${S}:id/password-reset/`,
    callers: "manageStaff",
    params: IdParams,
    success: ResetLinkIssued,
    successStatus: 201,
    errors: [401, 403, 404, 409],
  }),
  history: endpoint({
    method: "GET",
    path: `${S}:id/history/`,
    callers: "manageStaff",
    params: IdParams,
    success: AccountHistory,
    errors: [401, 403, 404],
  }),
})

export const staffDocs = {
  description:
    "The team's accounts, for admins: invitations, categories, deactivation, and each account's history.",
  summaries: {
    list: "Every account with its category, status (invited, active, deactivated) and last sign-in; `search` matches name or email.",
    invite:
      "Invites an email with a category: answers the one-time link (72 hours), also emailed when mail is configured (`mail` says whether it went).",
    resendInvitation: "A new link for an invited account; the previous one stops working.",
    revokeInvitation: "Withdraws an invitation: its link stops working.",
    change:
      "Changes the category or deactivates / reactivates an account. `version` must be the one last read, or 409 names the change made meanwhile. A deactivation ends every session at once, on every instance, and releases the account's claims. The last active admin can be neither deactivated nor demoted (409).",
    resetLink:
      "Issues a one-time password-reset link (30 minutes) for an active account, to hand to its owner; an earlier open reset link stops working.",
    history: "Each change to the account: what, when and by whom.",
  },
} satisfies GroupDocs<typeof staffApi>
