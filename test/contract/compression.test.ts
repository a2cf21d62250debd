// API answers above 1 KB are compressed by what the client accepts (Brotli preferred, then gzip); small answers
// and clients that accept neither get plain JSON; the body is the same JSON either way.
import { request } from "node:http"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { COMPRESS_THRESHOLD_BYTES } from "../../server/http/compression"
import { type MarketplaceServer, startMarketplace } from "./marketplace-fixture"

interface Raw {
  readonly status: number
  readonly encoding: string | undefined
  readonly vary: string | undefined
  readonly bytes: Buffer
}

/** Node's fetch decompresses on its own: a plain request shows what went over the wire. */
function rawGet(url: string, token: string, acceptEncoding: string | null): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" }
    if (acceptEncoding !== null) headers["accept-encoding"] = acceptEncoding
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers["content-encoding"],
          vary: res.headers.vary,
          bytes: Buffer.concat(chunks),
        }),
      )
    })
    req.on("error", reject)
    req.end()
  })
}

const decode = (raw: Raw): unknown => {
  const text =
    raw.encoding === "br"
      ? brotliDecompressSync(raw.bytes)
      : raw.encoding === "gzip"
        ? gunzipSync(raw.bytes)
        : raw.bytes
  return JSON.parse(text.toString("utf8"))
}

describe("compressed API answers", () => {
  let m: MarketplaceServer
  beforeAll(async () => {
    m = await startMarketplace("pglite")
  })
  afterAll(() => m?.close())

  const LARGE = "/api/v1/notifications/"
  const SMALL = "/api/v1/notifications/unread-count/"

  it("sends a large answer as Brotli, or gzip, by what the client accepts, with the same JSON inside", async () => {
    const url = `${m.server.url}${LARGE}`
    const plain = await rawGet(url, m.tokens.admin, null)
    expect(plain.status).toBe(200)
    expect(plain.encoding).toBeUndefined()
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)

    const br = await rawGet(url, m.tokens.admin, "gzip, deflate, br")
    expect(br.encoding).toBe("br")
    expect(br.vary?.toLowerCase()).toContain("accept-encoding")
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2)
    expect(decode(br)).toEqual(decode(plain))

    const gzip = await rawGet(url, m.tokens.admin, "gzip")
    expect(gzip.encoding).toBe("gzip")
    expect(decode(gzip)).toEqual(decode(plain))
  })

  it("sends a small answer as it is", async () => {
    const small = await rawGet(`${m.server.url}${SMALL}`, m.tokens.admin, "gzip, br")
    expect(small.status).toBe(200)
    expect(small.bytes.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(small.encoding).toBeUndefined()
  })

  it("compresses an error's {detail} only when it is large, and never turns it into a 500", async () => {
    const refused = await rawGet(`${m.server.url}${LARGE}`, "not-a-token", "br")
    expect(refused.status).toBe(401)
    expect(decode(refused)).toHaveProperty("detail")
  })
})
