import { AcceptInvitationBody, InvitationInfo, InvitationParams } from "../accounts/invitation"
import { LoginResponse } from "../auth/auth"
import { endpoint, type GroupDocs, group } from "./endpoint"

// Accounts: invitations opened and accepted.

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
})

/** The reference page's words for this group (server only). */
export const accountsDocs = {
  description: "Accounts: invitations to join the back office, opened and accepted.",
  summaries: {
    invitation:
      "What an invitation link is: `open` (with the invited email), or `unknown`, `expired`, `revoked` or `used`.",
    acceptInvitation:
      "Uses an invitation link once: sets the full name and a password (at least 12 characters, not a common password, not containing the email's name; a 400 names the rule broken), then signs in as login does.",
  },
} satisfies GroupDocs<typeof accountsApi>
