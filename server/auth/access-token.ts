// Access tokens: short-lived HS256 JWTs carrying the user id (sub) and category (cat).
import { Result, Schema } from "effect"
import { jwtVerify, SignJWT } from "jose"
import type { Clock } from "../clock"
import { ACCESS_TOKEN_TTL_SECONDS } from "./constants"

export interface AccessClaims {
  readonly userId: number
  readonly category: string
}

export interface AccessTokens {
  readonly sign: (user: { readonly id: number; readonly user_category: string }) => Promise<string>
  /** The claims, or null for a token that is malformed, forged, expired or not ours. */
  readonly verify: (token: string) => Promise<AccessClaims | null>
}

const ALGORITHM = "HS256"

const Claims = Schema.Struct({
  sub: Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,9}$/)),
  cat: Schema.String,
})

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
    sign: (user) => {
      const issuedAt = Math.floor(clock.now() / 1000)
      return new SignJWT({ cat: user.user_category })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(String(user.id))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key)
    },
    verify: async (token) => {
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
        const result = { userId: Number(claims.success.sub), category: claims.success.cat }
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
    },
  }
}
