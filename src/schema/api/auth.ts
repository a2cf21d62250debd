import { Schema } from "effect"
import { LoginOutcome } from "../accounts/second-factor"
import { SignInNotice } from "../accounts/sign-in-notice"
import { LoginRequest, ProfilePatch, RefreshResponse, User } from "../auth/auth"
import { endpoint, type GroupDocs, group } from "./endpoint"

// Sign-in, the session and the signed-in user's own profile.

export const LoggedOut = Schema.Struct({ detail: Schema.String })

export const LogoutQuery = Schema.Struct({
  /** This browser's push registration, dropped with the session. */
  device_id: Schema.optionalKey(Schema.String),
})

export const authApi = group("auth", {
  login: endpoint({
    method: "POST",
    path: "/api/company/login/",
    callers: "anyone",
    payload: LoginRequest,
    success: LoginOutcome,
    errors: [400, 401, 403, 429],
  }),
  refresh: endpoint({
    method: "POST",
    path: "/api/company/token/refresh/",
    callers: "anyone",
    success: RefreshResponse,
    errors: [401, 403],
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/company/logout/",
    callers: "anyone",
    query: LogoutQuery,
    success: LoggedOut,
    errors: [403],
  }),
  signInNotice: endpoint({
    method: "GET",
    path: "/api/company/sign-in-notice/",
    callers: "anyone",
    success: SignInNotice,
    errors: [],
  }),
  profile: endpoint({
    method: "GET",
    path: "/api/company/user/",
    callers: "signedIn",
    success: User,
    errors: [401],
  }),
  updateProfile: endpoint({
    method: "PATCH",
    path: "/api/company/user/",
    callers: "signedIn",
    payload: ProfilePatch,
    success: User,
    errors: [400, 401, 409],
  }),
})

/** The reference page's words for this group (server only: the browser's code never reads them). */
export const authDocs = {
  description: "Sign-in, token refresh, sign-out and the signed-in user's profile.",
  summaries: {
    login:
      "Signs in with email and password: answers the access token and sets the HttpOnly refresh cookie, or, for an account with a second factor (or required to have one), a `challenge` to finish at /login/second-factor/ (or to set one up). Failed attempts are limited per account and per address (429 with Retry-After).",
    refresh: "Exchanges the refresh cookie for a new access token; the cookie is rotated on every use.",
    logout: "Signs this session out (revokes the refresh cookie) and drops this browser's push registration.",
    signInNotice:
      "Whether the demo accounts, whose passwords are published, can sign in on this server: the sign-in page says so; and whether it mails (`mail`): without mail, a forgotten password is reset by an admin's link.",
    profile: "The signed-in user.",
    updateProfile: "Changes the signed-in user's full name or email.",
  },
} satisfies GroupDocs<typeof authApi>
