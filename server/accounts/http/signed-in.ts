// What every way of completing a sign-in answers (password alone, a second factor, a passkey): the refresh
// cookie, a fresh device cookie, the access token and the user. A browser trusted to skip the second factor
// keeps its trust under its new device cookie; one asked to be trusted is, from now on.
import type { FastifyReply, FastifyRequest } from "fastify"
import type { LoginResponse } from "../../../src/schema/auth/auth"
import { setDeviceCookie } from "../../auth/http/device-cookie"
import { setRefreshCookie } from "../../auth/http/refresh-cookie"
import type { Session } from "../../auth/session"
import { toUserJson } from "../../auth/users"
import { moveTrust, trustBrowser } from "../second-factor/trusted-browser"

export interface Trust {
  /** The nonce this browser was trusted under, when it skipped the second factor. */
  readonly from?: string | null
  /** "Trust this browser": skip the second factor here for TRUSTED_BROWSER_DAYS. */
  readonly trustBrowser?: boolean
}

export async function answerSession(
  req: FastifyRequest,
  reply: FastifyReply,
  session: Session,
  trust: Trust = {},
): Promise<LoginResponse> {
  const { auth, clock, config } = req.server.services
  setRefreshCookie(req, reply, session.refresh)
  const nonce = setDeviceCookie(req, reply, session.user.id)
  const sessionId = session.refresh.sessionId
  if (trust.from) await moveTrust(auth.db, trust.from, nonce, sessionId)
  else if (trust.trustBrowser)
    await trustBrowser(
      auth.db,
      session.user.id,
      nonce,
      sessionId,
      new Date(clock.now()),
      config.secondFactor.trustedBrowserDays,
    )
  return { access: session.access, user: toUserJson(session.user) }
}
