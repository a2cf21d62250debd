// Where index.html's inline script leaves the refresh it starts before the app's JavaScript has arrived
// (docs/behaviour.md#early-refresh), the answers it asks for with that refresh's token, and what each settles
// to. Nothing imported: the boot chunk reads it.

/** The property of `window` holding the started refresh; the auth actor's refresh takes it, once. */
export const EARLY_REFRESH_KEY = "__backofficeEarlyRefresh"

/** The property of `window` holding the profile asked with the early token; the profile fetch takes it, once. */
export const EARLY_PROFILE_KEY = "__backofficeEarlyProfile"

/** The property of `window` holding the dashboard summary asked with the early token; the dashboard takes it, once. */
export const EARLY_SUMMARY_KEY = "__backofficeEarlySummary"

/**
 * What the started refresh settles to: the server's status and, when it answered a token, the token; null when
 * no answer came (the network, or the lock, failed).
 */
export interface EarlyRefreshAnswer {
  readonly status: number
  readonly access: string | null
}

/**
 * What an answer asked with the early token settles to: that token, the server's status and its JSON body
 * (null when the body was not JSON); null when no answer came.
 */
export interface EarlyAnswer {
  readonly token: string
  readonly status: number
  readonly body: unknown
}
