// Your own account's endpoints (src/schema/api/my-account.ts), for every signed-in user whatever their
// category: the session a call is made with is read from its access token, so that "this browser" is kept.
import type { FastifyInstance, FastifyRequest } from "fastify"
import { myAccountApi } from "../../../src/schema/api/my-account"
import { authenticateSession } from "../../http/require-user"
import { serveGroup } from "../../http/serve-endpoint"
import { activeSessions, SESSION_MESSAGES, signOutOtherSessions, signOutOwnSession } from "../own-sessions"
import { changeOwnPassword, PASSWORD_CHANGE_MESSAGES } from "../password-change"
import { type ClientRequest, signInHistory } from "../sign-ins"

const BEARER = /^Bearer\s+(\S+)$/i

/** The caller's session id: the guard has verified the token already, and the verification is cached. */
export const sessionOf = async (req: FastifyRequest): Promise<string> =>
  (await authenticateSession(req, BEARER.exec(req.headers.authorization ?? "")?.[1])).sessionId

export const clientOf = (req: FastifyRequest): ClientRequest => ({
  address: req.ip,
  userAgent: req.headers["user-agent"],
})

export async function ownAccountRoutes(app: FastifyInstance): Promise<void> {
  const { auth, clock } = app.services
  const now = () => new Date(clock.now())
  serveGroup(app, myAccountApi, {
    sessions: async ({ req }) => ({
      results: await activeSessions(auth.db, req.user.id, await sessionOf(req), now()),
    }),
    signOutSession: async ({ params, req }) => {
      const n = await signOutOwnSession(auth, req.user.id, params.id, await sessionOf(req), now())
      return { detail: SESSION_MESSAGES.signedOut, signed_out: n }
    },
    signOutOtherSessions: async ({ req }) => {
      const n = await signOutOtherSessions(auth, req.user.id, await sessionOf(req), now())
      return { detail: SESSION_MESSAGES.othersSignedOut(n), signed_out: n }
    },
    signIns: async ({ req }) => ({ results: await signInHistory(auth.db, req.user.id) }),
    changePassword: async ({ payload, req }) => {
      const n = await changeOwnPassword(auth, req.user, await sessionOf(req), payload, clientOf(req))
      return { detail: PASSWORD_CHANGE_MESSAGES.changed(n), signed_out: n }
    },
  })
}
