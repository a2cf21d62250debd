// Access tokens: short-lived HS256 JWTs carrying the user id (sub), category (cat) and session (sid: the
// refresh-token family of the sign-in). A signed-out session's tokens are refused before they expire.
import { Result, Schema } from "effect"
import { jwtVerify, SignJWT } from "jose"
import type { Clock } from "../clock"
import { ACCESS_TOKEN_TTL_SECONDS } from "./constants"

export interface AccessClaims {
  readonly userId: number
  readonly category: string
  readonly sessionId: string
}

export interface AccessTokens {
  readonly sign: (
    user: { readonly id: number; readonly user_category: string },
    sessionId: string,
  ) => Promise<string>
  /** The claims, or null for a token that is malformed, forged, expired, not ours or of a revoked session. */
  readonly verify: (token: string) => Promise<AccessClaims | null>
}

const ALGORITHM = "HS256"

const Claims = Schema.Struct({
  sub: Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,9}$/)),
  cat: Schema.String,
  sid: Schema.String.check(
    Schema.isPattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  ),
})

/** Whether a session was signed out; a Promise while this instance cannot hear revocations. */
export type IsRevoked = (sessionId: string) => boolean | Promise<boolean>

/** Verified tokens remembered at most; a token is remembered until it expires, so this bounds memory only. */
const VERIFIED_KEPT = 1000

interface Verified {
  readonly claims: AccessClaims
  readonly iat: number
  readonly exp: number
}

export function createAccessTokens(
  secret: string,
  clock: Clock,
  ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
  isRevoked: IsRevoked = () => false,
): AccessTokens {
  const key = new TextEncoder().encode(secret)
  // Every API call presents the same token for its whole life (five minutes by default): its signature is checked once, and later
  // calls only check its times (the same checks jwtVerify makes), so a busy route does not pay an HMAC each.
  const verified = new Map<string, Verified>()
  const stillValid = (entry: Verified) => {
    const now = Math.floor(clock.now() / 1000)
    return entry.iat <= now && now < entry.exp && now - entry.iat <= ttlSeconds
  }
  return {
    sign: (user, sessionId) => {
      const issuedAt = Math.floor(clock.now() / 1000)
      return new SignJWT({ cat: user.user_category, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(String(user.id))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key)
    },
    verify: async (token) => {
      const claims = await verifySignature(token)
      if (!claims) return null
      // Checked on every call, cached or not: a revocation must reach tokens verified before it.
      return (await isRevoked(claims.sessionId)) ? null : claims
    },
  }

  async function verifySignature(token: string): Promise<AccessClaims | null> {
    const known = verified.get(token)
    if (known) {
      if (stillValid(known)) return known.claims
      verified.delete(token)
      return null
    }
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        currentDate: new Date(clock.now()),
        requiredClaims: ["sub", "exp", "iat"],
        maxTokenAge: ttlSeconds,
      })
      const claims = Schema.decodeUnknownResult(Claims)(payload)
      if (Result.isFailure(claims)) return null
      const result = {
        userId: Number(claims.success.sub),
        category: claims.success.cat,
        sessionId: claims.success.sid,
      }
      if (typeof payload.iat === "number" && typeof payload.exp === "number") {
        if (verified.size >= VERIFIED_KEPT) {
          const oldest = verified.keys().next()
          if (!oldest.done) verified.delete(oldest.value)
        }
        verified.set(token, { claims: result, iat: payload.iat, exp: payload.exp })
      }
      return result
    } catch {
      return null
    }
  }
}
