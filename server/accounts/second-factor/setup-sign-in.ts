// A sign-in the policy holds until the account has a second factor: its token allows only setting up an
// authenticator app, and the app's first code completes the sign-in (a wrong one is a failed sign-in).
import {
  SECOND_FACTOR_MESSAGES,
  type SetupConfirmBody,
  type TotpSetup,
} from "../../../src/schema/accounts/second-factor"
import type { DeviceCookie } from "../../auth/device-cookie"
import type { AuthDeps, Session } from "../../auth/session"
import { findUserById } from "../../auth/users"
import { unauthorized } from "../../errors"
import type { ClientRequest } from "../sign-ins"
import { finishSignIn, pendingSignIn, refuseFactor } from "./complete-sign-in"
import { readChallenge } from "./login-challenges"
import { acceptTotp, activateTotp, startTotp } from "./own-totp"

export async function setupTotpAtSignIn(deps: AuthDeps, token: string, issuer: string): Promise<TotpSetup> {
  const now = new Date(deps.clock.now())
  const user = await findUserById(deps.db, await readChallenge(deps.db, token, "setup_required", now))
  if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.challengeInvalid)
  return startTotp(deps.db, user, issuer, now)
}

export async function confirmTotpAtSignIn(
  deps: AuthDeps,
  body: SetupConfirmBody,
  client: ClientRequest,
  device: DeviceCookie | null,
): Promise<{ readonly session: Session; readonly codes: string[] }> {
  const pending = await pendingSignIn(deps, body.token, "setup_required", client, device)
  const now = new Date(deps.clock.now())
  if (!(await acceptTotp(deps.db, pending.user.id, body.code, now.getTime(), true)))
    return refuseFactor(deps, pending, SECOND_FACTOR_MESSAGES.wrongCode)
  const session = await finishSignIn(deps, pending, body.token, "setup_required")
  return { session, codes: await activateTotp(deps.db, pending.user.id, now) }
}
