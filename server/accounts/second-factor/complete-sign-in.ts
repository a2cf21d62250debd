// Completing a sign-in that waits for its second factor. Each attempt answers to the sign-in limits of the
// account (server/auth/login-failures.ts): a wrong code is a failed sign-in, so six digits cannot be guessed
// faster than a password. The challenge is taken only by the attempt that succeeds.
import type { SecondFactorBody } from "../../../src/schema/accounts/second-factor"
import { SECOND_FACTOR_MESSAGES } from "../../../src/schema/accounts/second-factor"
import { addressKey } from "../../auth/client-address"
import { MESSAGES } from "../../auth/constants"
import type { DeviceCookie } from "../../auth/device-cookie"
import {
  type Attempt,
  countFailures,
  lockFrom,
  recordFailure,
  settleSuccess,
} from "../../auth/login-failures"
import { type AuthDeps, openSession, type Session } from "../../auth/session"
import { type AuthUser, findUserById } from "../../auth/users"
import { invalid, tooManyRequests, unauthorized } from "../../errors"
import { type ClientRequest, recordRefusedFactor } from "../sign-ins"
import { type ChallengeKind, readChallenge, takeChallenge } from "./login-challenges"
import { acceptTotp } from "./own-totp"
import { spendRecoveryCode } from "./recovery-codes"

export interface Pending {
  readonly user: AuthUser
  readonly attempt: Attempt
  readonly client: ClientRequest
}

/** The account a live challenge names, once the limits allow another attempt at it. */
export async function pendingSignIn(
  deps: AuthDeps,
  token: string,
  kind: ChallengeKind,
  client: ClientRequest,
  device: DeviceCookie | null,
): Promise<Pending> {
  const now = new Date(deps.clock.now())
  const userId = await readChallenge(deps.db, token, kind, now)
  const user = await findUserById(deps.db, userId)
  if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.challengeInvalid)
  const trusted = device !== null && device.userId === user.id
  const attempt = {
    email: user.email,
    address: addressKey(client.address),
    device: trusted ? device.nonce : null,
  }
  const counts = await countFailures(deps.db, attempt, now, deps.loginLimits)
  const wait = lockFrom(counts, trusted, deps.loginLimits, now, false)
  if (wait > 0) {
    recordRefusedFactor(deps, user.id, "locked", client, now)
    throw tooManyRequests(MESSAGES.tooManyLogins, wait)
  }
  return { user, attempt, client }
}

/** A wrong second factor: a failed sign-in, then the 400 (or the 429 once past the limit). */
export async function refuseFactor(deps: AuthDeps, pending: Pending, detail: string): Promise<never> {
  const now = new Date(deps.clock.now())
  const over = await recordFailure(deps.db, pending.attempt, now, deps.loginLimits)
  recordRefusedFactor(deps, pending.user.id, over > 0 ? "locked" : "failed", pending.client, now)
  if (over > 0) throw tooManyRequests(MESSAGES.tooManyLogins, over)
  throw invalid(detail)
}

/** The factor was right: the challenge is taken (once), the failures forgiven, and the session opened. */
export async function finishSignIn(
  deps: AuthDeps,
  pending: Pending,
  token: string,
  kind: ChallengeKind,
): Promise<Session> {
  const now = new Date(deps.clock.now())
  await takeChallenge(deps.db, token, kind, now)
  const late = await settleSuccess(deps.db, pending.attempt, now, deps.loginLimits)
  if (late > 0) throw tooManyRequests(MESSAGES.tooManyLogins, late)
  return openSession(deps, pending.user)
}

/** With the authenticator app's code or a recovery code. */
export async function completeWithCode(
  deps: AuthDeps,
  body: SecondFactorBody,
  client: ClientRequest,
  device: DeviceCookie | null,
): Promise<Session> {
  const pending = await pendingSignIn(deps, body.token, "second_factor", client, device)
  const now = deps.clock.now()
  const accepted =
    body.method === "totp"
      ? await acceptTotp(deps.db, pending.user.id, body.code, now)
      : await spendRecoveryCode(deps.db, pending.user.id, body.code, new Date(now))
  if (!accepted) return refuseFactor(deps, pending, SECOND_FACTOR_MESSAGES.wrongCode)
  return finishSignIn(deps, pending, body.token, "second_factor")
}
