import type { Generated } from "kysely"
import type { AccountStatus } from "../accounts/tables"

export interface AppUserTable {
  id: Generated<number>
  /** Always stored lower-case; unique. */
  email: string
  full_name: string
  user_category: string
  /** `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, or an older `scrypt$N$r$p$salt$key` (server/auth/password.ts). */
  password_hash: string
  created_at: Date
  updated_at: Date
  /** Invited accounts have no password yet (an empty hash, which never verifies). */
  status: Generated<AccountStatus>
  last_sign_in_at: Date | null
  /** Raised by every change an admin makes, so that a change based on an older version is refused. */
  version: Generated<number>
}

/** One row per refresh token ever issued; the raw token is never stored, only its SHA-256. */
export interface RefreshTokenTable {
  id: Generated<number>
  /** Every token descending from one login shares a family; reuse of a rotated token revokes the family. */
  family_id: string
  user_id: number
  token_hash: string
  created_at: Date
  expires_at: Date
  rotated_at: Date | null
  successor_id: number | null
  /** The successor's raw value, encrypted with a key only the raw value of *this* token yields. */
  successor_sealed: string | null
  revoked_at: Date | null
}

export interface LoginFailureTable {
  id: Generated<number>
  email: string
  /** The client's address as counted (server/auth/client-address.ts); null on rows older than the column. */
  address: string | null
  /** The nonce of the device cookie the browser held for the account (./device-cookie.ts); null: untrusted. */
  device: string | null
  failed_at: Date
}

/** A signed-out session (refresh-token family): its access tokens are refused until they would have expired. */
export interface RevokedSessionTable {
  session_id: string
  revoked_at: Date
}

export interface AuthTables {
  app_user: AppUserTable
  refresh_token: RefreshTokenTable
  login_failure: LoginFailureTable
  revoked_session: RevokedSessionTable
}
