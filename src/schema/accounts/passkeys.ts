import { Schema } from "effect"
import { AuthenticationResponseJSON, RegistrationResponseJSON } from "./webauthn"

// Passkeys (WebAuthn discoverable credentials): added and named in /user-settings, used to sign in without a
// password (a passkey counts as both factors) or as the second factor after one.

/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX = 60

export const Passkey = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  created_at: Schema.String,
  last_used_at: Schema.NullOr(Schema.String),
})
export type Passkey = typeof Passkey.Type

const PasskeyName = Schema.String.check(
  Schema.isTrimmed({ message: "Name: no spaces at either end" }),
  Schema.isMinLength(1, { message: "Name: must not be empty" }),
  Schema.isMaxLength(PASSKEY_NAME_MAX),
)

export const PasskeyIdParams = Schema.Struct({ id: Schema.String })
export type PasskeyIdParams = typeof PasskeyIdParams.Type

export const AddPasskeyBody = Schema.Struct({ name: PasskeyName, response: RegistrationResponseJSON })
export type AddPasskeyBody = typeof AddPasskeyBody.Type

export const RenamePasskeyBody = Schema.Struct({ name: PasskeyName })
export type RenamePasskeyBody = typeof RenamePasskeyBody.Type

/** A passwordless sign-in: the assertion names the account by its user handle. */
export const PasskeySignInBody = Schema.Struct({ response: AuthenticationResponseJSON })
export type PasskeySignInBody = typeof PasskeySignInBody.Type

/** A passkey as the second factor of a sign-in whose password was right. */
export const PasskeySecondFactorBody = Schema.Struct({
  token: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(128)),
  response: AuthenticationResponseJSON,
  trust_browser: Schema.Boolean,
})
export type PasskeySecondFactorBody = typeof PasskeySecondFactorBody.Type

/** A passkey added while a sign-in the policy holds back waits for a factor: it completes that sign-in. */
export const PasskeySetupBody = Schema.Struct({
  token: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(128)),
  name: PasskeyName,
  response: RegistrationResponseJSON,
})
export type PasskeySetupBody = typeof PasskeySetupBody.Type

export const PASSKEY_MESSAGES = {
  notVerified: "That passkey could not be verified.",
  unknown: "That passkey is not known here.",
  duplicate: "This passkey is already added.",
  notFound: "No such passkey.",
} as const
