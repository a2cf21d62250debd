import { Schema } from "effect"
import { LoginRequest, LoginResponse, ProfilePatch, RefreshResponse, User } from "../auth"
import { endpoint, group } from "./endpoint"

// Sign-in, the session and the signed-in user's own profile.

export const LoggedOut = Schema.Struct({ detail: Schema.String })

export const LogoutQuery = Schema.Struct({
  /** This browser's push registration, dropped with the session. */
  device_id: Schema.optionalKey(Schema.String),
})

export const authApi = group("auth", "Sign-in, token refresh, sign-out and the signed-in user's profile.", {
  login: endpoint({
    name: "login",
    method: "POST",
    path: "/api/company/login/",
    summary:
      "Signs in with email and password: answers the access token and sets the HttpOnly refresh cookie. Failed attempts are limited per account and per address (429 with Retry-After).",
    callers: "anyone",
    payload: LoginRequest,
    success: LoginResponse,
    errors: [400, 401, 403, 429],
  }),
  refresh: endpoint({
    name: "refresh",
    method: "POST",
    path: "/api/company/token/refresh/",
    summary: "Exchanges the refresh cookie for a new access token; the cookie is rotated on every use.",
    callers: "anyone",
    success: RefreshResponse,
    errors: [401, 403],
  }),
  logout: endpoint({
    name: "logout",
    method: "POST",
    path: "/api/company/logout/",
    summary:
      "Signs this session out (revokes the refresh cookie) and drops this browser's push registration.",
    callers: "anyone",
    query: LogoutQuery,
    success: LoggedOut,
    errors: [403],
  }),
  profile: endpoint({
    name: "profile",
    method: "GET",
    path: "/api/company/user/",
    summary: "The signed-in user.",
    callers: "signedIn",
    success: User,
    errors: [401],
  }),
  updateProfile: endpoint({
    name: "updateProfile",
    method: "PATCH",
    path: "/api/company/user/",
    summary: "Changes the signed-in user's full name or email.",
    callers: "signedIn",
    payload: ProfilePatch,
    success: User,
    errors: [400, 401, 409],
  }),
})
