import { Result, Schema } from "effect"
import { SessionClaims } from "../../schema/live/tab-relay"

// Which session an access token belongs to, for the tabs that share one socket
// (docs/behaviour.md#one-socket-per-session): its user and its sign-in, read from the token's claims without
// checking them (the server checks the token itself; this only chooses which tabs share a socket).

const decodeClaims = Schema.decodeUnknownResult(SessionClaims)

/** The session an access token belongs to (user and sign-in), or null when it cannot be read. */
export function sessionOfToken(token: string): string | null {
  const payload = token.split(".")[1]
  if (payload === undefined) return null
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")))
    const claims = decodeClaims(json)
    return Result.isSuccess(claims) ? `${claims.success.sub}:${claims.success.sid}` : null
  } catch {
    return null
  }
}
