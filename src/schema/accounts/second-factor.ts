import { Schema } from "effect"
import { isControl, LoginResponse, User, UserCategory } from "../auth/auth"
import { Passkey } from "./passkeys"
import { PASSWORD_MAX_LENGTH } from "./password-rules"

// A second factor at sign-in: an authenticator app's code (TOTP), one of ten single-use recovery codes, or a
// passkey. The login endpoint answers the session as before for an account without one, and a challenge for
// the others (docs/behaviour.md#second-factor).

/** How many recovery codes are issued at a time. */
export const RECOVERY_CODE_COUNT = 10

export const SecondFactorMethod = Schema.Literals(["totp", "recovery", "passkey"])
export type SecondFactorMethod = typeof SecondFactorMethod.Type

/** An opaque, single-use token naming one half-finished sign-in. */
const Token = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(128))

export const SecondFactorChallenge = Schema.Struct({
  kind: Schema.Literal("second_factor"),
  token: Schema.String,
  methods: Schema.Array(SecondFactorMethod),
  /** Seconds the token stays valid. */
  expires_in: Schema.Number,
})
export type SecondFactorChallenge = typeof SecondFactorChallenge.Type

/** The policy requires a factor and the account has none: the token allows only the setup endpoints. */
export const SetupRequiredChallenge = Schema.Struct({
  kind: Schema.Literal("setup_required"),
  token: Schema.String,
  expires_in: Schema.Number,
})
export type SetupRequiredChallenge = typeof SetupRequiredChallenge.Type

export const LoginChallenge = Schema.Struct({
  challenge: Schema.Union([SecondFactorChallenge, SetupRequiredChallenge]),
})
export type LoginChallenge = typeof LoginChallenge.Type

/** What POST /api/company/login/ answers: the session, or the step still missing. */
export const LoginOutcome = Schema.Union([LoginResponse, LoginChallenge])
export type LoginOutcome = typeof LoginOutcome.Type

/** Six digits, as authenticator apps show them (spaces are the reader's and are dropped). */
const Code = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))

export const SecondFactorBody = Schema.Struct({
  token: Token,
  code: Code,
  method: Schema.Literals(["totp", "recovery"]),
  trust_browser: Schema.Boolean,
})
export type SecondFactorBody = typeof SecondFactorBody.Type

export const ChallengeTokenBody = Schema.Struct({ token: Token })
export type ChallengeTokenBody = typeof ChallengeTokenBody.Type

export const SetupConfirmBody = Schema.Struct({ token: Token, code: Code })
export type SetupConfirmBody = typeof SetupConfirmBody.Type

export const RecoveryCodes = Schema.Struct({ recovery_codes: Schema.Array(Schema.String) })
export type RecoveryCodes = typeof RecoveryCodes.Type

/** A sign-in completed by setting up the factor the policy asks for: the codes are shown once. */
export const SetupSignIn = Schema.Struct({
  access: Schema.String,
  user: User,
  recovery_codes: Schema.Array(Schema.String),
})
export type SetupSignIn = typeof SetupSignIn.Type

/** A new authenticator app's secret, pending until a first code confirms it. */
export const TotpSetup = Schema.Struct({
  /** Base32, for typing into the app. */
  secret: Schema.String,
  otpauth_url: Schema.String,
  /** The otpauth URL as a QR code, an SVG document. */
  qr_svg: Schema.String,
})
export type TotpSetup = typeof TotpSetup.Type

export const TotpConfirmBody = Schema.Struct({ code: Code })
export type TotpConfirmBody = typeof TotpConfirmBody.Type

export const PasswordBody = Schema.Struct({
  password: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(PASSWORD_MAX_LENGTH)),
})
export type PasswordBody = typeof PasswordBody.Type

export const SecondFactorStatus = Schema.Struct({
  totp: Schema.Struct({ enabled: Schema.Boolean, added_at: Schema.NullOr(Schema.String) }),
  recovery_codes_left: Schema.Number,
  passkeys: Schema.Array(Passkey),
  /** The policy requires a factor of this account's category. */
  required: Schema.Boolean,
  /** Until when this browser skips the second factor, or null. */
  trusted_browser_until: Schema.NullOr(Schema.String),
})
export type SecondFactorStatus = typeof SecondFactorStatus.Type

/**
 * A category the policy names: plain text, since it is shown as a label. (Half of a surrogate pair is refused
 * for every request body by the server's decoder.)
 */
const PolicyCategory = UserCategory.check(
  Schema.makeFilter((s: string) =>
    Array.from(s).some(isControl) ? SECOND_FACTOR_MESSAGES.categoryNotText : undefined,
  ),
)

export const SecondFactorPolicy = Schema.Struct({ required: Schema.Array(PolicyCategory) })
export type SecondFactorPolicy = typeof SecondFactorPolicy.Type

export const SecondFactorResetBody = Schema.Struct({
  reason: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(500))),
})
export type SecondFactorResetBody = typeof SecondFactorResetBody.Type

/** A sentence saying what was done (removals answer it rather than an empty body). */
export const Done = Schema.Struct({ detail: Schema.String })
export type Done = typeof Done.Type

/** The sentences the second-factor endpoints answer with, named once (tests and views read them). */
export const SECOND_FACTOR_MESSAGES = {
  wrongCode: "That code is not right.",
  categoryNotText: "A category must be plain text.",
  lastRequired: "You need a second factor: add another before removing this one.",
  challengeInvalid: "This sign-in has expired. Sign in again.",
  totpRemoved: "Authenticator app removed.",
  passkeyRemoved: "Passkey removed.",
  browserForgotten: "This browser will ask for a second factor again.",
  reset: "Their second factors were removed.",
} as const
