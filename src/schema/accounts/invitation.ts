import { Schema } from "effect"
import { FULL_NAME_MAX } from "../auth/auth"
import { PASSWORD_MAX_LENGTH } from "./password-rules"

// Accepting an invitation on the public /invite/{token} page.

/** Whether the link works, and if it does, for which email (the page shows it above the form). */
export const InvitationState = Schema.Literals(["open", "unknown", "expired", "revoked", "used"])
export type InvitationState = typeof InvitationState.Type

export const InvitationInfo = Schema.Struct({
  state: InvitationState,
  /** Only while the link is open. */
  email: Schema.NullOr(Schema.String),
})
export type InvitationInfo = typeof InvitationInfo.Type

export const InvitationParams = Schema.Struct({
  token: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
})

/** The rules beyond length (common passwords, the email's name) are the server's, and its 400 names them. */
export const AcceptInvitationBody = Schema.Struct({
  full_name: Schema.String.check(
    Schema.isMinLength(1, { message: "Full name must not be empty" }),
    Schema.isMaxLength(FULL_NAME_MAX),
  ),
  password: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(PASSWORD_MAX_LENGTH)),
})
export type AcceptInvitationBody = typeof AcceptInvitationBody.Type
