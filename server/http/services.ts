// What route plugins need, built once per app and hung on the Fastify instance as `app.services`
// (decorated on the root, so every encapsulated plugin sees it).
import type {} from "fastify"
import { type AccessTokens, createAccessTokens } from "../auth/access-token"
import { REFRESH_TOKEN_TTL_MS } from "../auth/constants"
import { createPasswordHasher, type PasswordHasher } from "../auth/password"
import type { AuthDeps } from "../auth/session"
import type { AuthUser } from "../auth/users"
import type { Clock } from "../clock"
import type { Config } from "../config"
import type { DatabaseHandle } from "../db/database"
import { loadOrCreateSecret } from "../db/secrets"
import type { PushSender } from "../push/push-sender"

export interface AppServices {
  readonly config: Config
  readonly database: DatabaseHandle
  readonly clock: Clock
  readonly passwords: PasswordHasher
  readonly accessTokens: AccessTokens
  /** Everything the auth domain functions take. */
  readonly auth: AuthDeps
  /** Browser push, or null when no sender is configured (push is off). */
  readonly push: PushSender | null
}

declare module "fastify" {
  interface FastifyInstance {
    services: AppServices
  }
  interface FastifyRequest {
    /** The signed-in user. Only behind `requireUser` / `requireCategory`; reading it elsewhere throws. */
    user: AuthUser
  }
}

export const JWT_SECRET_NAME = "jwt"

export async function createServices(
  config: Config,
  database: DatabaseHandle,
  clock: Clock,
  push: PushSender | null = null,
): Promise<AppServices> {
  const secret = config.jwtSecret ?? (await loadOrCreateSecret(database.db, JWT_SECRET_NAME))
  const passwords = createPasswordHasher(config.scrypt)
  const accessTokens = createAccessTokens(secret, clock, config.accessTokenTtlSeconds)
  return {
    config,
    database,
    clock,
    passwords,
    accessTokens,
    auth: {
      db: database.db,
      clock,
      passwords,
      accessTokens,
      refresh: { ttlMs: REFRESH_TOKEN_TTL_MS, graceMs: config.refreshGraceMs },
      loginLimitPerAccount: config.loginLimitPerAccount,
    },
    push,
  }
}
