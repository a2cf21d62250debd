// Refresh tokens are random bearer secrets. The database holds only their SHA-256, plus, for the grace window,
// each rotated token's successor encrypted under a key derived from the rotated token's own raw value: only a
// client that still holds that raw token can recover its successor; the database alone never yields a token.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto"

const TOKEN_BYTES = 32 // 256 bits
const IV_BYTES = 12
const TAG_BYTES = 16
const SEAL_INFO = "backoffice refresh successor v1"

export const newRawToken = (): string => randomBytes(TOKEN_BYTES).toString("base64url")

export const hashToken = (raw: string): string => createHash("sha256").update(raw).digest("hex")

const sealKey = (raw: string): Buffer => Buffer.from(hkdfSync("sha256", raw, Buffer.alloc(0), SEAL_INFO, 32))

/** Encrypts `successor` so that only `raw` (the token being rotated) can open it. */
export function sealSuccessor(successor: string, raw: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", sealKey(raw), iv)
  const body = Buffer.concat([cipher.update(successor, "utf8"), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")
}

/** The successor, or null when `sealed` was not made with `raw` or was tampered with. */
export function openSuccessor(sealed: string, raw: string): string | null {
  const bytes = Buffer.from(sealed, "base64url")
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey(raw), bytes.subarray(0, IV_BYTES))
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      "utf8",
    )
  } catch {
    return null
  }
}
