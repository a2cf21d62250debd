import type { Generated } from "kysely"

/** A session's client as it signed in; browser and system are "" when the User-Agent named none. */
export interface AccountSessionTable {
  /** The refresh-token family (the `sid` of its access tokens). */
  session_id: string
  user_id: number
  browser: string
  system: string
  address: string
  created_at: Date
}

export type SignInOutcome = "succeeded" | "failed" | "locked"

/** One sign-in, or one refused attempt with the account's email (only accounts that exist are recorded). */
export interface SignInAttemptTable {
  id: Generated<number>
  user_id: number
  outcome: SignInOutcome
  browser: string
  system: string
  address: string
  created_at: Date
}

/** A browser and system an account has signed in from. */
export interface AccountDeviceTable {
  user_id: number
  browser: string
  system: string
  first_seen_at: Date
}

export interface OwnAccountTables {
  account_session: AccountSessionTable
  sign_in_attempt: SignInAttemptTable
  account_device: AccountDeviceTable
}
