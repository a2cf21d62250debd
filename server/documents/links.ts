import { createHmac, timingSafeEqual } from "node:crypto"
import { DOCUMENT_LIMITS } from "../../src/schema/documents/kinds"

// Links a browser can open without the bearer token: the access token lives in the page's memory, and a PDF
// opened in the browser's own viewer (a new tab, its own range requests) or an <img> cannot send it. Staff get
// the links from an authenticated call; each names one document of one record and stops working after a few
// minutes. Signed with a secret every instance shares (server_secret), so any instance serves any link.

export interface DocumentLinks {
  /** `?expires=…&signature=…` for the document, valid for the link lifetime from `nowMs`. */
  readonly sign: (recordUuid: string, id: string, nowMs: number) => { query: string; expiresAt: Date }
  readonly verify: (
    recordUuid: string,
    id: string,
    expires: string,
    signature: string,
    nowMs: number,
  ) => "valid" | "expired" | "forged"
}

export function documentLinks(secret: string): DocumentLinks {
  const mac = (recordUuid: string, id: string, expires: string): Buffer =>
    createHmac("sha256", secret).update(`document:${recordUuid}:${id}:${expires}`).digest()
  return {
    sign: (recordUuid, id, nowMs) => {
      const expires = String(Math.floor(nowMs / 1000) + DOCUMENT_LIMITS.linkTtlSeconds)
      const signature = mac(recordUuid, id, expires).toString("base64url")
      return {
        query: `expires=${expires}&signature=${signature}`,
        expiresAt: new Date(Number(expires) * 1000),
      }
    },
    verify: (recordUuid, id, expires, signature, nowMs) => {
      const expected = mac(recordUuid, id, expires)
      const given = Buffer.from(signature, "base64url")
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "forged"
      return Number(expires) * 1000 <= nowMs ? "expired" : "valid"
    },
  }
}
