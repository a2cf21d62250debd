// The device cookie travels like the refresh cookie: HttpOnly, SameSite=Strict, Secure whenever the request came
// over HTTPS; scoped to the sign-in call, the only one that reads it. A sign-out leaves it: it names the
// browser, not the session.
import type { FastifyReply, FastifyRequest } from "fastify"
import { DEVICE_COOKIE } from "../constants"

export const readDeviceCookie = (req: FastifyRequest): string | undefined => req.cookies[DEVICE_COOKIE.name]

/**
 * A fresh device cookie for the account that has just proved itself in this browser; answers its nonce (a
 * browser trusted to skip the second factor keeps its trust under the new one).
 */
export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, userId: number): string {
  const { devices } = req.server.services.auth
  const value = devices.sign(userId)
  reply.setCookie(DEVICE_COOKIE.name, value, {
    httpOnly: true,
    sameSite: "strict",
    path: DEVICE_COOKIE.path,
    secure: req.protocol === "https",
    maxAge: DEVICE_COOKIE.maxAgeSeconds,
  })
  return devices.read(value)?.nonce ?? ""
}
