// Which encoding an answer goes in, decided as @fastify/compress decides it for the answers it compresses
// (./compression.ts): the highest `q` among the encodings we offer, ties to the preferred one; `*` and `x-gzip`
// read as gzip; `q=0` refuses; no header, `identity` alone or `x-no-compression` get the answer as it is.
// A cached page answers from its stored bytes by this choice, so a client gets the same encoding whether or
// not the page was cached (test/contract/compression.test.ts holds the two side by side).
import type { IncomingHttpHeaders } from "node:http"
import { ENCODINGS, type Encoding } from "./compression"

const offered = (token: string): Encoding | null => {
  const name = token === "*" || token === "x-gzip" ? "gzip" : token
  return (ENCODINGS as ReadonlyArray<string>).includes(name) ? (name as Encoding) : null
}

const quality = (params: ReadonlyArray<string>): number => {
  for (const param of params) {
    const [key, value] = param.split("=").map((s) => s.trim())
    if (key === "q") return Number.parseFloat(value ?? "") || 0
  }
  return 1
}

export function acceptedEncoding(headers: IncomingHttpHeaders): Encoding | null {
  const header = headers["accept-encoding"]
  if (typeof header !== "string" || headers["x-no-compression"] !== undefined) return null
  let best: Encoding | null = null
  let bestQuality = 0
  for (const part of header.toLowerCase().split(",")) {
    const [token = "", ...params] = part.split(";")
    const encoding = offered(token.trim())
    const q = quality(params)
    if (encoding === null || q <= 0) continue
    const better =
      q > bestQuality ||
      (q === bestQuality && best !== null && ENCODINGS.indexOf(encoding) < ENCODINGS.indexOf(best))
    if (better) {
      best = encoding
      bestQuality = q
    }
  }
  return best
}
