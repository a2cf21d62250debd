// The refresh token travels only in this cookie: HttpOnly (no script reads it), SameSite=Strict (no cross-site
// request carries it), scoped to /api/company/ (sent to refresh and logout, nowhere else), and Secure whenever
// the request came over HTTPS (behind a proxy: with TRUST_PROXY, from X-Forwarded-Proto).
import type { CookieSerializeOptions } from "@fastify/cookie"
import type { FastifyReply, FastifyRequest } from "fastify"
import { SESSION_HINT_COOKIE } from "../../../src/schema/auth/session-hint"
import { REFRESH_COOKIE } from "../constants"
import type { IssuedRefresh } from "../refresh-tokens"

const options = (req: FastifyRequest): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: "strict",
  path: REFRESH_COOKIE.path,
  secure: req.protocol === "https",
})

// The hint is readable by the page (it says only "a refresh cookie was set") and lives beside the refresh
// cookie for exactly as long.
const hintOptions = (req: FastifyRequest): CookieSerializeOptions => ({
  ...options(req),
  httpOnly: false,
  path: SESSION_HINT_COOKIE.path,
})

export const readRefreshCookie = (req: FastifyRequest): string | undefined => req.cookies[REFRESH_COOKIE.name]

export function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, token: IssuedRefresh): void {
  const maxAge = Math.max(0, Math.floor((token.expiresAt.getTime() - req.server.services.clock.now()) / 1000))
  reply.setCookie(REFRESH_COOKIE.name, token.raw, { ...options(req), maxAge })
  reply.setCookie(SESSION_HINT_COOKIE.name, "1", { ...hintOptions(req), maxAge })
}

export function clearRefreshCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE.name, options(req))
  reply.clearCookie(SESSION_HINT_COOKIE.name, hintOptions(req))
}
