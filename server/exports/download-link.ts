import { Result, Schema } from "effect"
import { jwtVerify, SignJWT } from "jose"
import { ExportRequest } from "../../src/schema/exports/exports"
import type { Clock } from "../clock"

// A download address's token: an HS256 JWT naming who asked (user and session), what to export, and when it
// stops being valid. The browser follows the address as a plain navigation, which cannot carry the bearer
// token; the signature stands in for it, the short life keeps a copied address from being of use later, and
// the download still checks that the session is not signed out and the user still exists and may read it.

const ALGORITHM = "HS256"
const AUDIENCE = "export"

export interface DownloadClaims {
  readonly userId: number
  readonly sessionId: string
  readonly view: ExportRequest
}

const Claims = Schema.Struct({
  sub: Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,9}$/)),
  sid: Schema.String,
  view: ExportRequest,
})

export interface DownloadLinks {
  readonly sign: (claims: DownloadClaims) => Promise<{ readonly token: string; readonly expiresAt: Date }>
  /** The claims, or null for a token that is malformed, forged, expired or not a download's. */
  readonly verify: (token: string) => Promise<DownloadClaims | null>
}

export function createDownloadLinks(secret: string, clock: Clock, ttlSeconds: number): DownloadLinks {
  const key = new TextEncoder().encode(secret)
  return {
    sign: async ({ userId, sessionId, view }) => {
      const issuedAt = Math.floor(clock.now() / 1000)
      const token = await new SignJWT({ sid: sessionId, view })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(String(userId))
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key)
      return { token, expiresAt: new Date((issuedAt + ttlSeconds) * 1000) }
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          audience: AUDIENCE,
          currentDate: new Date(clock.now()),
          requiredClaims: ["sub", "exp", "iat"],
          maxTokenAge: ttlSeconds,
        })
        const claims = Schema.decodeUnknownResult(Claims)(payload)
        if (Result.isFailure(claims)) return null
        return {
          userId: Number(claims.success.sub),
          sessionId: claims.success.sid,
          view: claims.success.view,
        }
      } catch {
        return null
      }
    },
  }
}
