// What route plugins need, built once per app and hung on the Fastify instance as `app.services`
// (decorated on the root, so every encapsulated plugin sees it).
import type {} from "fastify"
import { type AccessTokens, createAccessTokens } from "../auth/access-token"
import { type Background, createBackground } from "../auth/background"
import { REFRESH_TOKEN_TTL_MS, REVOCATION_CLOCK_MARGIN_MS } from "../auth/constants"
import { createDeviceCookies } from "../auth/device-cookie"
import { createPasswordHasher, type PasswordHasher } from "../auth/password"
import { type RevocationRegistry, startRevocationRegistry } from "../auth/revocation-registry"
import type { AuthDeps } from "../auth/session"
import type { AuthUser } from "../auth/users"
import type { Clock } from "../clock"
import type { Config } from "../config"
import type { DatabaseHandle } from "../db/database"
import { loadOrCreateSecret } from "../db/secrets"
import { createMailer, type Mailer } from "../mail/mailer"
import type { PushSender } from "../push/push-sender"

export interface AppServices {
  readonly config: Config
  readonly database: DatabaseHandle
  readonly clock: Clock
  readonly passwords: PasswordHasher
  readonly accessTokens: AccessTokens
  /** Signed-out sessions, heard from every instance: the socket closes theirs. */
  readonly revocations: RevocationRegistry
  /** Work started by requests and finished after their answer; shutdown waits for it. */
  readonly background: Background
  /** Everything the auth domain functions take. */
  readonly auth: AuthDeps
  /** Browser push, or null when no sender is configured (push is off). */
  readonly push: PushSender | null
  /** Mail through SMTP_URL; `on` is false when it is not set. */
  readonly mail: Mailer
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

export interface ServiceLog {
  readonly warn: (message: string, error?: unknown) => void
}

const silent: ServiceLog = { warn: () => undefined }

export async function createServices(
  config: Config,
  database: DatabaseHandle,
  clock: Clock,
  push: PushSender | null = null,
  log: ServiceLog = silent,
): Promise<AppServices> {
  const secret = config.jwtSecret ?? (await loadOrCreateSecret(database.db, JWT_SECRET_NAME))
  const passwords = createPasswordHasher(config.passwordHash, config.passwordHashConcurrency)
  const revocationKeepMs = config.accessTokenTtlSeconds * 1000 + REVOCATION_CLOCK_MARGIN_MS
  const revocations = await startRevocationRegistry({
    database,
    clock,
    keepMs: revocationKeepMs,
    onError: log.warn,
  })
  const accessTokens = createAccessTokens(secret, clock, config.accessTokenTtlSeconds, revocations.isRevoked)
  const background = createBackground((error) => log.warn("background task failed", error))
  return {
    config,
    database,
    clock,
    passwords,
    accessTokens,
    revocations,
    background,
    auth: {
      db: database.db,
      clock,
      passwords,
      accessTokens,
      refresh: { ttlMs: REFRESH_TOKEN_TTL_MS, graceMs: config.refreshGraceMs },
      loginLimits: { perAccount: config.loginLimitPerAccount, perAddress: config.loginLimitPerIp },
      revocations,
      revocationKeepMs,
      background,
      devices: createDeviceCookies(secret),
    },
    push,
    mail: createMailer(config),
  }
}

/** At shutdown, before the database closes: finish background work, stop listening. */
export async function closeServices(services: AppServices): Promise<void> {
  await services.background.drain()
  await services.revocations.stop()
  services.mail.close()
}
