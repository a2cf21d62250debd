import type { Generated } from "kysely"

/** What an account is for the people who manage it; only `active` accounts can sign in. */
export type AccountStatus = "invited" | "active" | "deactivated"

/** What a one-time link lets its holder do. */
export type LinkPurpose = "invitation" | "reset"

export interface AccountLinkTable {
  id: Generated<number>
  user_id: number
  purpose: LinkPurpose
  /** The link's public half: finds the row, proves nothing. */
  selector: string
  /** SHA-256 of the link's secret half, compared in constant time. */
  verifier_hash: string
  created_by: number | null
  created_at: Date
  expires_at: Date
  used_at: Date | null
  revoked_at: Date | null
}

export interface AccountEventTable {
  id: Generated<number>
  user_id: number
  /** Who made the change; null for the account itself or a tool (`npm run user:create`). */
  actor_id: number | null
  kind: string
  detail: string
  created_at: Date
}

/** A "forgot password" request, counted for the limits whether or not the email has an account. */
export interface ResetRequestTable {
  id: Generated<number>
  email: string
  /** The client's address as counted (server/auth/client-address.ts). */
  address: string
  requested_at: Date
}

export interface AccountTables {
  account_link: AccountLinkTable
  account_event: AccountEventTable
  reset_request: ResetRequestTable
}
