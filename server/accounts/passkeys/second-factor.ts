// A passkey as the second factor of a sign-in whose password was right: the options allow the account's own
// passkeys; an assertion that does not verify counts as a failed sign-in, like a wrong code.
import type { PasskeySecondFactorBody } from "../../../src/schema/accounts/passkeys"
import { PASSKEY_MESSAGES } from "../../../src/schema/accounts/passkeys"
import type { RequestOptionsJSON } from "../../../src/schema/accounts/webauthn"
import type { DeviceCookie } from "../../auth/device-cookie"
import type { AuthDeps, Session } from "../../auth/session"
import { finishSignIn, pendingSignIn, refuseFactor } from "../second-factor/complete-sign-in"
import { readChallenge } from "../second-factor/login-challenges"
import type { ClientRequest } from "../sign-ins"
import { authenticationOptions, verifyAssertion } from "./authentication"
import type { RelyingParty } from "./relying-party"

export async function secondFactorOptions(
  deps: AuthDeps,
  rp: RelyingParty,
  token: string,
  seconds: number,
): Promise<RequestOptionsJSON> {
  const userId = await readChallenge(deps.db, token, "second_factor", new Date(deps.clock.now()))
  return authenticationOptions(deps, rp, userId, seconds)
}

export async function completeWithPasskey(
  deps: AuthDeps,
  rp: RelyingParty,
  body: PasskeySecondFactorBody,
  client: ClientRequest,
  device: DeviceCookie | null,
): Promise<Session> {
  const pending = await pendingSignIn(deps, body.token, "second_factor", client, device)
  const user = await verifyAssertion(deps, rp, body.response, {
    purpose: "second_factor",
    userId: pending.user.id,
  })
  if (!user) return refuseFactor(deps, pending, PASSKEY_MESSAGES.notVerified)
  return finishSignIn(deps, pending, body.token, "second_factor")
}
