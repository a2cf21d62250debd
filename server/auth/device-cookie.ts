// Device cookies (OWASP's "Slow brute force" defence): a browser that signed in to an account holds
// `<account id>.<nonce>.<signature>`, signed with a key derived from the server secret. Failed sign-ins from
// browsers without one for that account lock out only such untrusted browsers; a browser holding one is
// counted on its own nonce, so a colleague typing someone's email five times never locks that person out.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"

export interface DeviceCookie {
  readonly userId: number
  readonly nonce: string
}

export interface DeviceCookies {
  /** A new cookie value for the account (every successful sign-in gets a fresh nonce). */
  readonly sign: (userId: number) => string
  /** The account and nonce of a cookie this server signed, or null for anything else. */
  readonly read: (raw: string | undefined) => DeviceCookie | null
}

const NONCE_BYTES = 16
const FORMAT = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/

export function createDeviceCookies(serverSecret: string): DeviceCookies {
  // Its own key: a device cookie's signature can never be taken for any other signature the secret makes.
  const key = createHmac("sha256", serverSecret).update("device-cookie").digest()
  const mac = (payload: string): Buffer => createHmac("sha256", key).update(payload).digest()
  return {
    sign: (userId) => {
      const payload = `${userId}.${randomBytes(NONCE_BYTES).toString("base64url")}`
      return `${payload}.${mac(payload).toString("base64url")}`
    },
    read: (raw) => {
      const match = raw === undefined ? null : FORMAT.exec(raw)
      if (!match) return null
      const [, id = "", nonce = "", signature = ""] = match
      const given = Buffer.from(signature, "base64url")
      const expected = mac(`${id}.${nonce}`)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      return { userId: Number(id), nonce }
    },
  }
}
