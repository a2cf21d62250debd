import { Schema } from "effect"
import { PASSWORD_MAX_LENGTH } from "./password-rules"

// "Forgot password" on the public /forgot-password page, and the /reset-password/{token} page its mail opens.

export const ResetRequestBody = Schema.Struct({
  email: Schema.String.check(
    Schema.isMinLength(3, { message: "Enter your email address" }),
    Schema.isMaxLength(254),
  ),
})
export type ResetRequestBody = typeof ResetRequestBody.Type

/** The same answer whether or not the email has an account. */
export const ResetRequested = Schema.Struct({ detail: Schema.String })
export type ResetRequested = typeof ResetRequested.Type

/** Whether the link works; `revoked`: a newer link (or an admin's) replaced it. */
export const ResetLinkState = Schema.Literals(["open", "unknown", "expired", "revoked", "used"])
export type ResetLinkState = typeof ResetLinkState.Type

export const ResetLinkInfo = Schema.Struct({
  state: ResetLinkState,
  /** Only while the link is open: the page names the account whose password changes. */
  email: Schema.NullOr(Schema.String),
})
export type ResetLinkInfo = typeof ResetLinkInfo.Type

export const ResetLinkParams = Schema.Struct({
  token: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
})

/** The rules beyond length are the server's, and its 400 names the rule broken (as for invitations). */
export const ResetPasswordBody = Schema.Struct({
  password: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(PASSWORD_MAX_LENGTH)),
})
export type ResetPasswordBody = typeof ResetPasswordBody.Type
