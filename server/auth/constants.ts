// Auth limits, named once. Where a limit must be lowered for tests it is also a Config field (server/config.ts),
// and these are its production defaults.

/** Access tokens live at most 5 minutes; the client refreshes on its first 401. */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60

/** A refresh token (and so a session left idle) lasts this long; every refresh starts a new one. */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000

/**
 * Two tabs refreshing at once both present the same token. The one that comes second within this window
 * receives the same successor instead of tripping reuse detection and logging everybody out.
 */
export const REFRESH_GRACE_MS = 10_000

/** Path=/api/company/ covers both cookie-authenticated calls: token/refresh/ and logout/. */
export const REFRESH_COOKIE = { name: "refresh_token", path: "/api/company/" } as const

/**
 * The device cookie (./device-cookie.ts): sent only to the sign-in call that reads it, kept half a year and
 * renewed by every sign-in, so a browser in daily use stays trusted.
 */
export const DEVICE_COOKIE = {
  name: "device",
  path: "/api/company/login/",
  maxAgeSeconds: 180 * 24 * 60 * 60,
} as const

export interface RateLimit {
  readonly max: number
  readonly windowMs: number
}

/**
 * Failed sign-ins per client address (an IPv6 /64), counted in the database so every instance shares the
 * count. Successes never count: a whole office signs in from one address. Ten times the per-account ceiling,
 * so that only trying many accounts from one place reaches it.
 */
export const LOGIN_LIMIT_PER_IP: RateLimit = { max: 50, windowMs: 15 * 60_000 }

/** Failed sign-ins per account email, counted in the database so every instance shares the count. */
export const LOGIN_LIMIT_PER_ACCOUNT: RateLimit = { max: 5, windowMs: 15 * 60_000 }

/**
 * A signed-out session's access tokens are refused for their remaining lifetime; instances whose clocks
 * differ by up to this much still agree on when that lifetime is over.
 */
export const REVOCATION_CLOCK_MARGIN_MS = 60_000

export const MESSAGES = {
  invalidCredentials: "Invalid email or password.",
  tooManyLogins: "Too many login attempts. Try again later.",
  refreshInvalid: "Refresh token expired or invalid.",
  notAuthenticated: "Authentication credentials were not provided.",
  tokenInvalid: "Access token expired or invalid.",
  userGone: "User not found.",
  forbidden: "You do not have permission to perform this action.",
  foreignOrigin: "Origin not allowed.",
  emailTaken: "A user with this email already exists.",
  loggedOut: "Logged out.",
} as const
