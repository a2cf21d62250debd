// Where index.html's inline script leaves the refresh it starts before the app's JavaScript has arrived
// (docs/behaviour.md#early-refresh), and what that refresh settles to. Nothing imported: the boot chunk reads it.

/** The property of `window` holding the sign-in notice asked for without a session; its actor takes it, once. */
export const EARLY_NOTICE_KEY = "__backofficeEarlyNotice"

/** The property of `window` holding the started refresh; the auth actor's refresh takes it, once. */
export const EARLY_REFRESH_KEY = "__backofficeEarlyRefresh"

/**
 * What the started refresh settles to: the server's status and, when it answered a token, the token; null when
 * no answer came (the network, or the lock, failed).
 */
export interface EarlyRefreshAnswer {
  readonly status: number
  readonly access: string | null
}
