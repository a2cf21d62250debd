// A cached page answers with the bytes it keeps for the encoding the client accepts, chosen as the compression
// plugin chooses for any other answer: identity without Accept-Encoding, and as it is below the size at which
// compressing pays.
import type { FastifyRequest } from "fastify"
import { acceptedEncoding } from "../http/accept-encoding"
import { COMPRESS_THRESHOLD_BYTES } from "../http/compression"
import { EncodedJson } from "../http/serve-endpoint"
import type { CachedPage } from "./page-cache"

export function cachedAnswer(req: FastifyRequest, page: CachedPage): EncodedJson {
  if (Buffer.byteLength(page.body) < COMPRESS_THRESHOLD_BYTES) return new EncodedJson(page.body)
  const encoding = acceptedEncoding(req.headers)
  const compressed = encoding ? { encoding, bytes: page.compressed(encoding) } : null
  return new EncodedJson(page.body, { compressed })
}
