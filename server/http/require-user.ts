// preHandlers for routes behind sign-in: `{ preHandler: requireUser }` or
// `{ preHandler: requireCategory("admin", "website_coordinator") }`; then `req.user` is the signed-in user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { MESSAGES } from "../auth/constants"
import type { AuthUser } from "../auth/users"
import { findUserById } from "../auth/users"
import { type Coalesce, coalescer } from "../db/coalesce"
import { forbidden, unauthorized } from "../errors"

const userKey = Symbol("user")

type WithUser = FastifyRequest & { [userKey]?: AuthUser }

/** Declares `req.user` so that reading it without requireUser fails loudly instead of yielding undefined. */
export function decorateRequestUser(app: FastifyInstance): void {
  app.decorateRequest("user", {
    getter(this: FastifyRequest): AuthUser {
      const user = (this as WithUser)[userKey]
      if (!user)
        throw new Error(`req.user read on ${this.method} ${this.routeOptions.url} without requireUser`)
      return user
    },
    setter(this: FastifyRequest, user: AuthUser) {
      ;(this as WithUser)[userKey] = user
    },
  })
}

const BEARER = /^Bearer\s+(\S+)$/i

// Every authenticated call reads its user: concurrent calls of one user share that read (server/db/coalesce),
// one coalescer per database so that servers in one process (tests) never share.
const userReads = new WeakMap<object, Coalesce<number, AuthUser | undefined>>()
const readUser = (database: object): Coalesce<number, AuthUser | undefined> => {
  const known = userReads.get(database)
  if (known) return known
  const made = coalescer<number, AuthUser | undefined>()
  userReads.set(database, made)
  return made
}

/**
 * The user an access token belongs to and its session, or 401. Exported for the socket, which receives the
 * token as `?token=` and closes when that session is signed out.
 */
export async function authenticateSession(
  req: FastifyRequest,
  token: string | undefined,
): Promise<{ readonly user: AuthUser; readonly sessionId: string }> {
  if (!token) throw unauthorized(MESSAGES.notAuthenticated)
  const { accessTokens, database } = req.server.services
  const claims = await accessTokens.verify(token)
  if (!claims) throw unauthorized(MESSAGES.tokenInvalid)
  const user = await readUser(database)(claims.userId, () => findUserById(database.db, claims.userId))
  if (!user) throw unauthorized(MESSAGES.userGone)
  return { user, sessionId: claims.sessionId }
}

export async function authenticate(req: FastifyRequest, token: string | undefined): Promise<AuthUser> {
  return (await authenticateSession(req, token)).user
}

export async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if ((req as WithUser)[userKey]) return
  const token = BEARER.exec(req.headers.authorization ?? "")?.[1]
  req.user = await authenticate(req, token)
}

/** Signed in and of one of these categories, else 403. Runs requireUser itself if it has not run yet. */
export function requireCategory(...categories: readonly string[]) {
  return async function requireCategoryHandler(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(req, reply)
    if (!categories.includes(req.user.user_category)) throw forbidden(MESSAGES.forbidden)
  }
}
