import type { Generated } from "kysely"

export interface TotpFactorTable {
  user_id: number
  /** Base32, as the app was given it. */
  secret: string
  /** null: pending, until a first code from the app confirms it. */
  confirmed_at: Date | null
  /** The last time step a code was accepted for: a code is accepted once. */
  last_step: string | null
  created_at: Date
}

/** Recovery codes are random and long: their SHA-256 is enough, as for refresh tokens. */
export interface RecoveryCodeTable {
  id: Generated<number>
  user_id: number
  code_hash: string
  used_at: Date | null
}

export interface PasskeyTable {
  id: string
  user_id: number
  /** Base64url, as WebAuthn names the credential. */
  credential_id: string
  /** The COSE public key, base64url. */
  public_key: string
  counter: string
  /** Comma-separated transports the browser reported. */
  transports: string
  name: string
  created_at: Date
  last_used_at: Date | null
}

/** A sign-in whose password was right, waiting for its second factor (or its setup); the token is hashed. */
export interface LoginChallengeTable {
  token_hash: string
  user_id: number
  kind: "second_factor" | "setup_required"
  expires_at: Date
}

export interface WebauthnChallengeTable {
  challenge: string
  purpose: "register" | "sign_in" | "second_factor"
  user_id: number | null
  expires_at: Date
}

/** A browser, by its device cookie's nonce, that skips the second factor until `trusted_until`. */
export interface TrustedBrowserTable {
  nonce: string
  user_id: number
  /** The session it last signed in with, so that /user-settings can tell "this browser". */
  session_id: string | null
  trusted_until: Date
}

export interface SecondFactorPolicyTable {
  user_category: string
}

export interface SecondFactorTables {
  totp_factor: TotpFactorTable
  recovery_code: RecoveryCodeTable
  passkey: PasskeyTable
  login_challenge: LoginChallengeTable
  webauthn_challenge: WebauthnChallengeTable
  trusted_browser: TrustedBrowserTable
  second_factor_policy: SecondFactorPolicyTable
}
