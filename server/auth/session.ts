// Sign-in, refresh and sign-out, as domain operations: no HTTP here, the routes map inputs and outputs.
import type { Kysely } from "kysely"
import type { LoginRequest } from "../../src/schema/auth"
import type { Clock } from "../clock"
import type { Database } from "../db/schema"
import { tooManyRequests, unauthorized } from "../errors"
import type { AccessTokens } from "./access-token"
import { MESSAGES, type RateLimit } from "./constants"
import { clearFailures, lockedForSeconds, recordFailure } from "./login-failures"
import type { PasswordHasher } from "./password"
import {
  type IssuedRefresh,
  issueRefreshToken,
  type RefreshSettings,
  revokeRefreshFamily,
  rotateRefreshToken,
} from "./refresh-tokens"
import { type AuthUser, findUserById, findUserForLogin, normalizeEmail } from "./users"

export interface AuthDeps {
  readonly db: Kysely<Database>
  readonly clock: Clock
  readonly passwords: PasswordHasher
  readonly accessTokens: AccessTokens
  readonly refresh: RefreshSettings
  readonly loginLimitPerAccount: RateLimit
}

export interface Session {
  readonly user: AuthUser
  readonly access: string
  readonly refresh: IssuedRefresh
}

export async function login(deps: AuthDeps, credentials: LoginRequest): Promise<Session> {
  const now = new Date(deps.clock.now())
  const email = normalizeEmail(credentials.email)
  const wait = await lockedForSeconds(deps.db, email, now, deps.loginLimitPerAccount)
  if (wait > 0) throw tooManyRequests(MESSAGES.tooManyLogins, wait)

  const found = await findUserForLogin(deps.db, email)
  // The same work and the same answer whether or not the account exists.
  const valid = found
    ? await deps.passwords.verify(credentials.password, found.password_hash)
    : await deps.passwords.verifyDummy(credentials.password)
  if (!found || !valid) {
    await recordFailure(deps.db, email, now, deps.loginLimitPerAccount)
    throw unauthorized(MESSAGES.invalidCredentials)
  }

  await clearFailures(deps.db, email)
  const { password_hash: _, ...user } = found
  return {
    user,
    access: await deps.accessTokens.sign(user),
    refresh: await issueRefreshToken(deps.db, user.id, now, deps.refresh),
  }
}

export async function refreshSession(
  deps: AuthDeps,
  raw: string | undefined,
): Promise<{ access: string; refresh: IssuedRefresh }> {
  if (!raw) throw unauthorized(MESSAGES.refreshInvalid)
  const result = await rotateRefreshToken(deps.db, raw, new Date(deps.clock.now()), deps.refresh)
  if (!result.ok) throw unauthorized(MESSAGES.refreshInvalid)
  const user = await findUserById(deps.db, result.userId)
  if (!user) throw unauthorized(MESSAGES.refreshInvalid)
  return { access: await deps.accessTokens.sign(user), refresh: result.token }
}

export async function logout(deps: AuthDeps, raw: string | undefined): Promise<void> {
  if (raw) await revokeRefreshFamily(deps.db, raw, new Date(deps.clock.now()))
}
