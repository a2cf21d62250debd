// Adding a passkey: creation options for a discoverable credential (resident key required, so that it can
// later sign in without an email), then the browser's answer verified against the challenge (taken once), the
// relying party and its origins. The account's user handle is its id, so a passwordless sign-in's assertion
// names the account it is for.
import { randomUUID } from "node:crypto"
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server"
import { isoBase64URL } from "@simplewebauthn/server/helpers"
import { type AddPasskeyBody, PASSKEY_MESSAGES, type Passkey } from "../../../src/schema/accounts/passkeys"
import type { CreationOptionsJSON } from "../../../src/schema/accounts/webauthn"
import type { AuthDeps } from "../../auth/session"
import type { AuthUser } from "../../auth/users"
import { conflict, invalid, isUniqueViolation } from "../../errors"
import { notifySecurity } from "../account-notices"
import { SECOND_FACTOR_NOTICES } from "../second-factor/notices"
import type { RelyingParty } from "./relying-party"
import { passkeysOf, toPasskeyJson, transportsOf } from "./store"
import { keepChallenge, takeWebauthnChallenge } from "./webauthn-challenges"

export const userHandleOf = (userId: number): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(String(userId))

export async function registrationOptions(
  deps: AuthDeps,
  rp: RelyingParty,
  user: AuthUser,
  seconds: number,
): Promise<CreationOptionsJSON> {
  const existing = await passkeysOf(deps.db, user.id)
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.full_name,
    userID: userHandleOf(user.id),
    timeout: seconds * 1000,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.credential_id,
      transports: transportsOf(p.transports),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  })
  await keepChallenge(deps.db, options.challenge, "register", user.id, new Date(deps.clock.now()), seconds)
  return {
    rp: options.rp,
    user: options.user,
    challenge: options.challenge,
    pubKeyCredParams: options.pubKeyCredParams.map((p) => ({ alg: p.alg, type: "public-key" as const })),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    excludeCredentials: (options.excludeCredentials ?? []).map((c) => ({
      id: c.id,
      type: "public-key" as const,
    })),
    authenticatorSelection: {
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "preferred",
    },
    attestation: "none",
  }
}

export async function addPasskey(
  deps: AuthDeps,
  rp: RelyingParty,
  user: AuthUser,
  body: AddPasskeyBody,
): Promise<Passkey> {
  const now = new Date(deps.clock.now())
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: (challenge) => takeWebauthnChallenge(deps.db, challenge, "register", user.id, now),
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    })
  } catch {
    throw invalid(PASSKEY_MESSAGES.notVerified)
  }
  if (!verified.verified) throw invalid(PASSKEY_MESSAGES.notVerified)
  const { credential } = verified.registrationInfo
  const row = {
    id: randomUUID(),
    user_id: user.id,
    credential_id: credential.id,
    public_key: isoBase64URL.fromBuffer(credential.publicKey),
    counter: String(credential.counter),
    transports: (credential.transports ?? []).join(","),
    name: body.name,
    created_at: now,
    last_used_at: null,
  }
  try {
    await deps.db.insertInto("passkey").values(row).execute()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PASSKEY_MESSAGES.duplicate)
    throw error
  }
  await notifySecurity(deps.db, user.id, SECOND_FACTOR_NOTICES.passkeyAdded(body.name))
  return toPasskeyJson(row)
}
