// Calls authenticated by cookie (refresh, logout) are what a cross-site page could trigger in a signed-in
// browser. SameSite=Strict already stops the cookie; checking Origin as well costs nothing. A missing Origin is
// allowed: browsers always send it on cross-origin POSTs, so its absence means a non-browser client.
import type { FastifyRequest } from "fastify"
import { MESSAGES } from "../auth/constants"
import { forbidden } from "../errors"

export function isAllowedOrigin(req: FastifyRequest, origin: string): boolean {
  if (origin === `${req.protocol}://${req.host}`) return true
  return req.server.services.config.allowedOrigins.includes(origin)
}

export async function rejectForeignOrigin(req: FastifyRequest): Promise<void> {
  const origin = req.headers.origin
  if (origin !== undefined && !isAllowedOrigin(req, origin)) throw forbidden(MESSAGES.foreignOrigin)
}
