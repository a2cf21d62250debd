// A sign-in the policy holds until the account has a second factor, met with a passkey instead of an
// authenticator app: the setup token allows creation options for the account and adding the passkey the
// browser made, which completes the sign-in. No recovery codes come with it: they belong to the app.
import type { PasskeySetupBody } from "../../../src/schema/accounts/passkeys"
import { SECOND_FACTOR_MESSAGES } from "../../../src/schema/accounts/second-factor"
import type { CreationOptionsJSON } from "../../../src/schema/accounts/webauthn"
import type { DeviceCookie } from "../../auth/device-cookie"
import type { AuthDeps, Session } from "../../auth/session"
import { findUserById } from "../../auth/users"
import { unauthorized } from "../../errors"
import { finishSignIn, pendingSignIn } from "../second-factor/complete-sign-in"
import { readChallenge } from "../second-factor/login-challenges"
import type { ClientRequest } from "../sign-ins"
import { addPasskey, registrationOptions } from "./registration"
import type { RelyingParty } from "./relying-party"

export async function passkeyOptionsAtSignIn(
  deps: AuthDeps,
  rp: RelyingParty,
  token: string,
  seconds: number,
): Promise<CreationOptionsJSON> {
  const now = new Date(deps.clock.now())
  const user = await findUserById(deps.db, await readChallenge(deps.db, token, "setup_required", now))
  if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.challengeInvalid)
  return registrationOptions(deps, rp, user, seconds)
}

/**
 * The passkey is verified and kept before the token is taken: a response that does not verify leaves the
 * sign-in waiting, as a wrong first code of the app does.
 */
export async function addPasskeyAtSignIn(
  deps: AuthDeps,
  rp: RelyingParty,
  body: PasskeySetupBody,
  client: ClientRequest,
  device: DeviceCookie | null,
): Promise<Session> {
  const pending = await pendingSignIn(deps, body.token, "setup_required", client, device)
  await addPasskey(deps, rp, pending.user, { name: body.name, response: body.response })
  return finishSignIn(deps, pending, body.token, "setup_required")
}
