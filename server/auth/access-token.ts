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

export function createAccessTokens(secret: string, clock: Clock): AccessTokens {
  const key = new TextEncoder().encode(secret)
  return {
    sign: (user) => {
      const issuedAt = Math.floor(clock.now() / 1000)
      return new SignJWT({ cat: user.user_category })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(String(user.id))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key)
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: new Date(clock.now()),
          requiredClaims: ["sub", "exp", "iat"],
          maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
        })
        const claims = Schema.decodeUnknownResult(Claims)(payload)
        if (Result.isFailure(claims)) return null
        return { userId: Number(claims.success.sub), category: claims.success.cat }
      } catch {
        return null
      }
    },
  }
}
