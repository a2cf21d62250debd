// The authenticator app (TOTP, RFC 6238: SHA-1, six digits, 30-second steps, as every app reads them). A code
// of the step before or after the server's is accepted too (one step of clock skew either way), and each step
// only once: the account keeps the last step accepted, and a code of that step or an earlier one is refused.
import { timingSafeEqual } from "node:crypto"
import { Secret, TOTP } from "otpauth"
import QRCode from "qrcode"
import type { TotpSetup } from "../../../src/schema/accounts/second-factor"

const PERIOD_SECONDS = 30
/** Steps of clock skew accepted either way. */
export const TOTP_SKEW_STEPS = 1
const SECRET_BYTES = 20

const totpOf = (secret: string, label = "", issuer = "") =>
  new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })

export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32

/** The secret to type, the otpauth URL, and that URL as a QR code (SVG). */
export async function totpSetup(secret: string, account: string, issuer: string): Promise<TotpSetup> {
  const otpauth_url = totpOf(secret, account, issuer).toString()
  const qr_svg = await QRCode.toString(otpauth_url, { type: "svg", errorCorrectionLevel: "M", margin: 2 })
  return { secret, otpauth_url, qr_svg }
}

/** What people type: spaces and dashes are theirs. */
export const normalizeCode = (code: string): string => code.replace(/[\s-]/g, "")

/** The time step of a code from the app matching `code` at `nowMs` (within the skew), or null. */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  const given = normalizeCode(code)
  if (!/^[0-9]{6}$/.test(given)) return null
  const totp = totpOf(secret)
  const step = Math.floor(nowMs / 1000 / PERIOD_SECONDS)
  for (let delta = -TOTP_SKEW_STEPS; delta <= TOTP_SKEW_STEPS; delta++) {
    const expected = totp.generate({ timestamp: (step + delta) * PERIOD_SECONDS * 1000 })
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(given))) return step + delta
  }
  return null
}
