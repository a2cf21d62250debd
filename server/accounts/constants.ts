// Account limits and the sentences people read, named once.

/** An invitation link works for 72 hours: long enough for a weekend, short enough not to linger in a mailbox. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000

/** A password-reset link works for 30 minutes. */
export const RESET_TTL_MS = 30 * 60 * 1000

/** Where an invitation link leads in the app: `/invite/<token>`. */
export const invitePath = (token: string): string => `/invite/${token}`

/** Where a password-reset link leads in the app: `/reset-password/<token>`. */
export const resetPasswordPath = (token: string): string => `/reset-password/${token}`

/**
 * "Forgot password" requests per email and per client address (an IPv6 /64), counted whether or not the email
 * has an account, so that the limit tells nobody which emails do. A person asks once or twice; a mailbox is not
 * flooded, and one address cannot walk through a list of emails.
 */
export const RESET_LIMIT_PER_EMAIL = { max: 3, windowMs: 15 * 60_000 } as const
export const RESET_LIMIT_PER_ADDRESS = { max: 20, windowMs: 15 * 60_000 } as const

export const ACCOUNT_MESSAGES = {
  emailTaken: "A user with this email already exists.",
  invitationUnknown: "This invitation link is not valid. Check that the whole link was copied.",
  invitationExpired: "This invitation has expired. Ask an admin to send a new one.",
  invitationRevoked: "This invitation was withdrawn. Ask an admin if you still need an account.",
  invitationUsed: "This invitation has already been used. Sign in instead.",
  deactivated: "This account has been deactivated. Ask an admin to reactivate it.",
  resetRequested:
    "If an account has this email, a link to choose a new password is on its way. It works for 30 minutes.",
  resetTooMany: "Too many password-reset requests. Try again later.",
  resetMailOff: "Password reset by email is off on this server. Ask an admin for a reset link.",
  resetUnknown: "This password-reset link is not valid. Check that the whole link was copied.",
  resetExpired: "This password-reset link has expired. Ask for a new one.",
  resetUsed: "This password-reset link has already been used. Ask for a new one if you need it.",
  resetRevoked: "This password-reset link was replaced by a newer one. Use the latest link you received.",
} as const
