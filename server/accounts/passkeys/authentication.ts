// Signing in with a passkey. Without a password (a discoverable credential: the options name no account, the
// assertion's credential does), it counts as both factors, so the authenticator must have verified its user.
// As the second factor after a password, the options allow the account's own passkeys only. Either way the
// challenge is taken once, the origin and relying party must be ours, and the signature counter must move on.
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server"
import { isoBase64URL } from "@simplewebauthn/server/helpers"
import { PASSKEY_MESSAGES } from "../../../src/schema/accounts/passkeys"
import type { AuthenticationResponseJSON, RequestOptionsJSON } from "../../../src/schema/accounts/webauthn"
import type { AuthDeps } from "../../auth/session"
import { type AuthUser, findUserById } from "../../auth/users"
import { unauthorized } from "../../errors"
import type { RelyingParty } from "./relying-party"
import { ensureAddressAllowed, recordAddressFailure } from "./sign-in-limits"
import { findByCredentialId, markUsed, passkeysOf, transportsOf } from "./store"
import { type ChallengePurpose, keepChallenge, takeWebauthnChallenge } from "./webauthn-challenges"

const TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])
type Transport = "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb"
const isTransport = (t: string): t is Transport => TRANSPORTS.has(t)

/** Request options; `userId` null: any discoverable passkey (a passwordless sign-in, the email field's autofill). */
export async function authenticationOptions(
  deps: AuthDeps,
  rp: RelyingParty,
  userId: number | null,
  seconds: number,
): Promise<RequestOptionsJSON> {
  const allowed = userId === null ? [] : await passkeysOf(deps.db, userId)
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: seconds * 1000,
    userVerification: "preferred",
    allowCredentials: allowed.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) })),
  })
  const purpose: ChallengePurpose = userId === null ? "sign_in" : "second_factor"
  await keepChallenge(deps.db, options.challenge, purpose, userId, new Date(deps.clock.now()), seconds)
  return {
    challenge: options.challenge,
    rpId: rp.id,
    userVerification: "preferred",
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    allowCredentials: allowed.map((p) => ({
      id: p.credential_id,
      type: "public-key" as const,
      transports: transportsOf(p.transports).filter(isTransport),
    })),
  }
}

/**
 * The account whose passkey signed `response`, or null when it cannot be trusted (unknown or removed passkey,
 * another account's, a challenge not ours or already taken, another origin or relying party, a bad signature).
 */
export async function verifyAssertion(
  deps: AuthDeps,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expected: { readonly purpose: ChallengePurpose; readonly userId: number | null },
): Promise<AuthUser | null> {
  const now = new Date(deps.clock.now())
  const passkey = await findByCredentialId(deps.db, response.id)
  if (!passkey || (expected.userId !== null && passkey.user_id !== expected.userId)) return null
  const handle = response.response.userHandle
  if (handle !== undefined && isoBase64URL.toUTF8String(handle) !== String(passkey.user_id)) return null
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) =>
        takeWebauthnChallenge(deps.db, challenge, expected.purpose, expected.userId, now),
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey.transports).filter(isTransport),
      },
      // Without a password the passkey is both factors: its user must have been verified.
      requireUserVerification: expected.purpose === "sign_in",
    })
    if (!verified.verified) return null
    await markUsed(deps.db, passkey.id, verified.authenticationInfo.newCounter, now)
  } catch {
    return null
  }
  return (await findUserById(deps.db, passkey.user_id)) ?? null
}

/** A passwordless sign-in: the account, or a 401 (a failed sign-in of the address), or a 429. */
export async function passkeySignIn(
  deps: AuthDeps,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  clientIp: string,
): Promise<AuthUser> {
  const now = new Date(deps.clock.now())
  await ensureAddressAllowed(deps, clientIp, now)
  const user = await verifyAssertion(deps, rp, response, { purpose: "sign_in", userId: null })
  if (user) return user
  await recordAddressFailure(deps, clientIp, now)
  throw unauthorized(PASSKEY_MESSAGES.notVerified)
}
