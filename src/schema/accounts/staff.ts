import { Schema } from "effect"

// The staff page's wire: every account with what an admin manages of it.

export const AccountStatus = Schema.Literals(["invited", "active", "deactivated"])
export type AccountStatus = typeof AccountStatus.Type

/** The categories an admin may give: the two that act, and the read-only one. */
export const STAFF_CATEGORIES = ["admin", "website_coordinator", "support"] as const
export const StaffCategory = Schema.Literals(STAFF_CATEGORIES)
export type StaffCategory = typeof StaffCategory.Type

export const StaffMember = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  full_name: Schema.String,
  user_category: Schema.String,
  status: AccountStatus,
  last_sign_in_at: Schema.NullOr(Schema.String),
  /** Sent back with every change: a change made meanwhile by someone else is a 409 that names it. */
  version: Schema.Number,
})
export type StaffMember = typeof StaffMember.Type

export const StaffList = Schema.Struct({ results: Schema.Array(StaffMember) })
export type StaffList = typeof StaffList.Type

export const StaffQuery = Schema.Struct({
  search: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(254))),
  status: Schema.optionalKey(AccountStatus),
  category: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(64))),
})
export type StaffQuery = typeof StaffQuery.Type

export const InviteBody = Schema.Struct({
  email: Schema.String.check(Schema.isMinLength(3), Schema.isMaxLength(254)),
  user_category: StaffCategory,
})
export type InviteBody = typeof InviteBody.Type

/**
 * Whether the invitation went out by email: `sent` once the mail server accepted it, `off` without SMTP_URL,
 * `failed` when the mail server refused it or could not be reached (logged; the invitation stands and its
 * link, in `invite_url`, works: hand it over another way).
 */
export const MailOutcome = Schema.Literals(["sent", "off", "failed"])
export type MailOutcome = typeof MailOutcome.Type

export const InvitationIssued = Schema.Struct({
  member: StaffMember,
  /** The link to copy: it works once, for 72 hours. */
  invite_url: Schema.String,
  expires_at: Schema.String,
  mail: MailOutcome,
})
export type InvitationIssued = typeof InvitationIssued.Type

export const VersionBody = Schema.Struct({ version: Schema.Number.check(Schema.isInt()) })
export type VersionBody = typeof VersionBody.Type

export const StaffPatch = Schema.Struct({
  version: Schema.Number.check(Schema.isInt()),
  user_category: Schema.optionalKey(StaffCategory),
  status: Schema.optionalKey(Schema.Literals(["active", "deactivated"])),
})
export type StaffPatch = typeof StaffPatch.Type

export const AccountEvent = Schema.Struct({
  id: Schema.Number,
  kind: Schema.String,
  detail: Schema.String,
  at: Schema.String,
  by: Schema.NullOr(Schema.String),
})
export const AccountHistory = Schema.Struct({ results: Schema.Array(AccountEvent) })
export type AccountHistory = typeof AccountHistory.Type

/** A password-reset link an admin issued for someone, to hand over: it works once, for 30 minutes. */
export const ResetLinkIssued = Schema.Struct({
  reset_url: Schema.String,
  expires_at: Schema.String,
})
export type ResetLinkIssued = typeof ResetLinkIssued.Type
