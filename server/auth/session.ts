// Sign-in, refresh and sign-out, as domain operations: no HTTP here, the routes map inputs and outputs.
// A session is one refresh-token family; its id travels in every access token issued for it, so that
// signing out (or a stolen refresh token's reuse) ends the access tokens too, on every instance.
import type { Kysely } from "kysely"
import type { LoginRequest } from "../../src/schema/auth/auth"
import { ACCOUNT_MESSAGES } from "../accounts/constants"
import type { Clock } from "../clock"
import type { Database } from "../db/schema"
import { forbidden, tooManyRequests, unauthorized } from "../errors"
import type { AccessTokens } from "./access-token"
import type { Background } from "./background"
import { addressKey } from "./client-address"
import { MESSAGES } from "./constants"
import type { DeviceCookie, DeviceCookies } from "./device-cookie"
import { countFailures, type LoginLimits, lockFrom, recordFailure, settleSuccess } from "./login-failures"
import type { PasswordHasher } from "./password"
import {
  type IssuedRefresh,
  issueRefreshToken,
  type RefreshSettings,
  revokeRefreshFamily,
  rotateRefreshToken,
} from "./refresh-tokens"
import type { RevocationRegistry } from "./revocation-registry"
import { recordRevocation } from "./revocations"
import { type AuthUser, findUserById, findUserForLogin, normalizeEmail, replacePasswordHash } from "./users"

export interface AuthDeps {
  readonly db: Kysely<Database>
  readonly clock: Clock
  readonly passwords: PasswordHasher
  readonly accessTokens: AccessTokens
  readonly refresh: RefreshSettings
  readonly loginLimits: LoginLimits
  readonly revocations: Pick<RevocationRegistry, "remember">
  /** How long a revocation is kept: while an access token issued before it could still be alive. */
  readonly revocationKeepMs: number
  readonly background: Background
  /** Signs and reads the device cookies that tell a trusted browser from a guesser. */
  readonly devices: DeviceCookies
}

export interface Session {
  readonly user: AuthUser
  readonly access: string
  /** `sessionId`: the new refresh-token family, which the account's session list names it by. */
  readonly refresh: IssuedRefresh & { readonly sessionId: string }
}

/**
 * `clientIp`: the address the request came from (behind a trusted proxy, the one it forwarded); `deviceCookie`:
 * the browser's device cookie, if any (./device-cookie.ts), which makes it trusted for the account it names.
 */
export async function login(
  deps: AuthDeps,
  credentials: LoginRequest,
  clientIp: string,
  deviceCookie?: string,
): Promise<Session> {
  const { user } = await checkPassword(deps, credentials, clientIp, deviceCookie)
  return openSession(deps, user)
}

/** A password proved right for an active account, and this browser's device cookie if it names that account. */
export interface PasswordChecked {
  readonly user: AuthUser
  readonly device: DeviceCookie | null
}

/** The first factor alone: the limits, the hash and the account's status, without starting a session. */
export async function checkPassword(
  deps: AuthDeps,
  credentials: LoginRequest,
  clientIp: string,
  deviceCookie?: string,
): Promise<PasswordChecked> {
  const now = new Date(deps.clock.now())
  const device = deps.devices.read(deviceCookie)
  const candidate = {
    email: normalizeEmail(credentials.email),
    address: addressKey(clientIp),
    device: device?.nonce ?? null,
  }
  // Read together (two pooled connections on PostgreSQL): one round trip less before the hash.
  const [counts, found] = await Promise.all([
    countFailures(deps.db, candidate, now, deps.loginLimits),
    findUserForLogin(deps.db, candidate.email),
  ])
  // Trusted only for the account its cookie names: a cookie for one account vouches for no other.
  const trusted = device !== null && found !== undefined && found.id === device.userId
  const attempt = { ...candidate, device: trusted ? candidate.device : null }
  const wait = lockFrom(counts, trusted, deps.loginLimits, now, false)
  if (wait > 0) throw tooManyRequests(MESSAGES.tooManyLogins, wait)

  // The same work and the same answer whether or not the account exists.
  // An invited account has no password yet: it costs the same as one that does not exist.
  const valid = found?.password_hash
    ? await deps.passwords.verify(credentials.password, found.password_hash)
    : await deps.passwords.verifyDummy(credentials.password)
  if (!found || !valid) {
    const over = await recordFailure(deps.db, attempt, now, deps.loginLimits)
    if (over > 0) throw tooManyRequests(MESSAGES.tooManyLogins, over)
    throw unauthorized(MESSAGES.invalidCredentials)
  }
  const late = await settleSuccess(deps.db, attempt, now, deps.loginLimits)
  if (late > 0) throw tooManyRequests(MESSAGES.tooManyLogins, late)
  if (deps.passwords.needsRehash(found.password_hash))
    upgradeHashLater(deps, found.id, credentials.password, found.password_hash)
  const { password_hash: _, status, ...user } = found
  // Said only after the right password, so that it tells a guesser nothing.
  if (status !== "active") throw forbidden(ACCOUNT_MESSAGES.deactivated)
  return { user, device: trusted ? device : null }
}

/** A new session (refresh-token family) for an account that has proved itself. */
export async function openSession(deps: AuthDeps, user: AuthUser): Promise<Session> {
  const now = new Date(deps.clock.now())
  const [refresh] = await Promise.all([
    issueRefreshToken(deps.db, user.id, now, deps.refresh),
    deps.db.updateTable("app_user").set({ last_sign_in_at: now }).where("id", "=", user.id).execute(),
  ])
  return { user, access: await deps.accessTokens.sign(user, refresh.sessionId), refresh }
}

/** A hash from before the current algorithm or cost is replaced after the answer, without delaying it. */
function upgradeHashLater(deps: AuthDeps, userId: number, password: string, previous: string): void {
  deps.background.run(async () => {
    const next = await deps.passwords.hashInBackground(password)
    await replacePasswordHash(deps.db, userId, previous, next)
  })
}

export async function refreshSession(
  deps: AuthDeps,
  raw: string | undefined,
): Promise<{ access: string; refresh: IssuedRefresh }> {
  if (!raw) throw unauthorized(MESSAGES.refreshInvalid)
  const now = new Date(deps.clock.now())
  const result = await rotateRefreshToken(deps.db, raw, now, deps.refresh)
  if (!result.ok) {
    // A rotated token presented again has leaked: its family is revoked, and its access tokens with it.
    if (result.reason === "reused") await revokeSession(deps, result.sessionId, now)
    throw unauthorized(MESSAGES.refreshInvalid)
  }
  const user = await findUserById(deps.db, result.userId)
  if (!user) throw unauthorized(MESSAGES.refreshInvalid)
  return { access: await deps.accessTokens.sign(user, result.sessionId), refresh: result.token }
}

async function revokeSession(deps: AuthDeps, sessionId: string, now: Date): Promise<void> {
  await deps.db.transaction().execute((tx) => recordRevocation(tx, sessionId, now, deps.revocationKeepMs))
  deps.revocations.remember(sessionId)
}

export async function logout(deps: AuthDeps, raw: string | undefined): Promise<void> {
  if (!raw) return
  const now = new Date(deps.clock.now())
  const sessionId = await deps.db.transaction().execute(async (tx) => {
    const family = await revokeRefreshFamily(tx, raw, now)
    if (family) await recordRevocation(tx, family, now, deps.revocationKeepMs)
    return family
  })
  if (sessionId) deps.revocations.remember(sessionId)
}
