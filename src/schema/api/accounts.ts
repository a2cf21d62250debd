import { AcceptInvitationBody, InvitationInfo, InvitationParams } from "../accounts/invitation"
import {
  ResetLinkInfo,
  ResetLinkParams,
  ResetPasswordBody,
  ResetRequestBody,
  ResetRequested,
} from "../accounts/password-reset"
import { LoginResponse } from "../auth/auth"
import { endpoint, type GroupDocs, group } from "./endpoint"

// Accounts: invitations opened and accepted; passwords reset through a mailed link.

export const accountsApi = group("accounts", {
  invitation: endpoint({
    method: "GET",
    path: "/api/company/invitations/:token/",
    callers: "anyone",
    params: InvitationParams,
    success: InvitationInfo,
    errors: [400],
  }),
  acceptInvitation: endpoint({
    method: "POST",
    path: "/api/company/invitations/:token/accept/",
    callers: "anyone",
    params: InvitationParams,
    payload: AcceptInvitationBody,
    success: LoginResponse,
    errors: [400, 403, 404, 409],
  }),
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/api/company/password-reset/",
    callers: "anyone",
    payload: ResetRequestBody,
    success: ResetRequested,
    errors: [400, 409, 429],
  }),
  passwordResetLink: endpoint({
    method: "GET",
    path: "/api/company/password-reset/:token/",
    callers: "anyone",
    params: ResetLinkParams,
    success: ResetLinkInfo,
    errors: [400],
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/company/password-reset/:token/",
    callers: "anyone",
    params: ResetLinkParams,
    payload: ResetPasswordBody,
    success: LoginResponse,
    errors: [400, 404, 409],
  }),
})

/** The reference page's words for this group (server only). */
export const accountsDocs = {
  description:
    "Accounts: invitations to join the back office, opened and accepted; forgotten passwords reset through a one-time link.",
  summaries: {
    invitation:
      "What an invitation link is: `open` (with the invited email), or `unknown`, `expired`, `revoked` or `used`.",
    acceptInvitation:
      "Uses an invitation link once: sets the full name and a password (at least 12 characters, not a common password, not containing the email's name; a 400 names the rule broken), then signs in as login does.",
    requestPasswordReset:
      "Forgot password: mails the account a one-time link to choose a new password (30 minutes). The same 200 whether or not the email has an account; 429 past 3 requests per email or 20 per address in 15 minutes; 409 when mail is off (ask an admin for a reset link).",
    passwordResetLink:
      "What a password-reset link is: `open` (with the account's email), or `unknown`, `expired`, `revoked` (a newer link replaced it) or `used`.",
    resetPassword:
      "Uses a password-reset link once: sets a new password (the invitation's rules; a 400 names the rule broken), signs out every session of the account, then signs in as login does.",
  },
} satisfies GroupDocs<typeof accountsApi>
