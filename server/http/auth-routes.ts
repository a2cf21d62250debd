// The auth API (docs/behaviour.md#sessions-on-the-server). Routes decode with the shared Schema, call the
// auth domain, encode.
import type { FastifyInstance } from "fastify"
import { LoginRequest, LoginResponse, ProfilePatch, RefreshResponse, User } from "../../src/schema/auth"
import { MESSAGES } from "../auth/constants"
import { login, logout, refreshSession } from "../auth/session"
import { toUserJson, updateProfile } from "../auth/users"
import { ApiError } from "../errors"
import { unregisterDeviceOfSession } from "../notifications/device-tokens"
import { decodeOr400, encodeBody } from "./decode"
import { rejectForeignOrigin } from "./origin"
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from "./refresh-cookie"
import { requireUser } from "./require-user"

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth, clock } = app.services

  app.post(
    "/api/company/login/",
    // Failed sign-ins are limited per account and per address inside login(); successes are never limited.
    { preHandler: rejectForeignOrigin },
    async (req, reply) => {
      const credentials = decodeOr400(LoginRequest, req.body)
      const session = await login(auth, credentials, req.ip)
      setRefreshCookie(req, reply, session.refresh)
      return encodeBody(LoginResponse, { access: session.access, user: toUserJson(session.user) })
    },
  )

  app.post("/api/company/token/refresh/", { preHandler: rejectForeignOrigin }, async (req, reply) => {
    try {
      const { access, refresh } = await refreshSession(auth, readRefreshCookie(req))
      setRefreshCookie(req, reply, refresh)
      return encodeBody(RefreshResponse, { access })
    } catch (error) {
      // A cookie that cannot refresh never will: drop it so the browser stops sending it.
      if (error instanceof ApiError && error.status === 401) clearRefreshCookie(req, reply)
      throw error
    }
  })

  app.post<{ Querystring: { device_id?: unknown } }>(
    "/api/company/logout/",
    { preHandler: rejectForeignOrigin },
    async (req, reply) => {
      // Before the revoke: the cookie still names the user whose browser stops receiving push.
      await unregisterDeviceOfSession(auth.db, readRefreshCookie(req), req.query.device_id)
      await logout(auth, readRefreshCookie(req))
      clearRefreshCookie(req, reply)
      return { detail: MESSAGES.loggedOut }
    },
  )

  app.get("/api/company/user/", { preHandler: requireUser }, async (req) =>
    encodeBody(User, toUserJson(req.user)),
  )

  app.patch("/api/company/user/", { preHandler: requireUser }, async (req) => {
    const patch = decodeOr400(ProfilePatch, req.body)
    const user = await updateProfile(auth.db, req.user, patch, new Date(clock.now()))
    return encodeBody(User, toUserJson(user))
  })
}
