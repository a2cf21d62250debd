// Account limits and the sentences people read, named once.

/** An invitation link works for 72 hours: long enough for a weekend, short enough not to linger in a mailbox. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000

/** A password-reset link works for 30 minutes. */
export const RESET_TTL_MS = 30 * 60 * 1000

/** Where an invitation link leads in the app: `/invite/<token>`. */
export const invitePath = (token: string): string => `/invite/${token}`

/** Where a password-reset link leads in the app: `/reset-password/<token>`. */
export const resetPasswordPath = (token: string): string => `/reset-password/${token}`

export const ACCOUNT_MESSAGES = {
  emailTaken: "A user with this email already exists.",
  invitationUnknown: "This invitation link is not valid. Check that the whole link was copied.",
  invitationExpired: "This invitation has expired. Ask an admin to send a new one.",
  invitationRevoked: "This invitation was withdrawn. Ask an admin if you still need an account.",
  invitationUsed: "This invitation has already been used. Sign in instead.",
  deactivated: "This account has been deactivated. Ask an admin to reactivate it.",
} as const
