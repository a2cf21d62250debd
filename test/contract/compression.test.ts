// API answers above 1 KB are compressed by what the client accepts (Brotli preferred, then gzip); small answers
// and clients that accept neither get plain JSON; the body is the same JSON either way. A cached notification
// page sends the bytes it keeps per encoding, chosen as for every other answer, until its user's notifications
// change.
import { request } from "node:http"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { COMPRESS_THRESHOLD_BYTES } from "../../server/http/compression"
import { type MarketplaceServer, startMarketplace } from "./marketplace-fixture"

interface Raw {
  readonly status: number
  readonly encoding: string | undefined
  readonly vary: string | undefined
  readonly length: string | undefined
  readonly etag: string | undefined
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
          length: res.headers["content-length"],
          etag: res.headers.etag,
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
  }, 180_000)
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

  describe("a cached notification page", () => {
    const PAGE = "/api/v1/notifications/?page_size=20"
    const SUMMARY = "/api/v1/dashboard/summary/"

    it("sends its stored bytes with the headers of a compressed answer, the same JSON as identity", async () => {
      const url = `${m.server.url}${PAGE}`
      const plain = await rawGet(url, m.tokens.coordinator, null)
      expect(plain.status).toBe(200)
      expect(plain.encoding).toBeUndefined()
      expect(plain.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)
      for (const accept of ["br", "gzip"]) {
        // The first answer of an encoding makes its bytes, the next ones send them: both alike.
        const [made, kept] = [
          await rawGet(url, m.tokens.coordinator, accept),
          await rawGet(url, m.tokens.coordinator, accept),
        ]
        for (const answer of [made, kept]) {
          expect(answer.status).toBe(200)
          expect(answer.encoding).toBe(accept)
          expect(answer.vary?.toLowerCase()).toContain("accept-encoding")
          expect(Number(answer.length)).toBe(answer.bytes.length)
          expect(answer.bytes.length).toBeLessThan(plain.bytes.length / 2)
          expect(decode(answer)).toEqual(decode(plain))
        }
        expect(kept.bytes.equals(made.bytes)).toBe(true)
      }
      // No API answer carries a validator, so no cache can take one encoding's bytes for another's.
      expect([plain.etag, (await rawGet(url, m.tokens.coordinator, "br")).etag]).toEqual([
        undefined,
        undefined,
      ])
    })

    it("chooses the encoding as every other answer does, for whatever the client sends", async () => {
      const headers = [
        null,
        "",
        "identity",
        "br",
        "gzip",
        "x-gzip",
        "*",
        "deflate",
        "br;q=0.5, gzip",
        "br;q=0, gzip;q=0",
        "gzip, deflate, br, zstd",
      ]
      for (const accept of headers) {
        const page = await rawGet(`${m.server.url}${PAGE}`, m.tokens.coordinator, accept)
        const summary = await rawGet(`${m.server.url}${SUMMARY}`, m.tokens.coordinator, accept)
        expect(summary.bytes.length, "the summary is compressed by the plugin").toBeGreaterThan(
          COMPRESS_THRESHOLD_BYTES,
        )
        expect({ accept, encoding: page.encoding }).toEqual({ accept, encoding: summary.encoding })
      }
    })

    it("drops every encoding's bytes when the user's notifications change", async () => {
      const url = `${m.server.url}${PAGE}`
      const before = {
        br: await rawGet(url, m.tokens.coordinator, "br"),
        gzip: await rawGet(url, m.tokens.coordinator, "gzip"),
      }
      const page = decode(before.br) as { results: Array<{ id: number; is_read: boolean }> }
      const unread = page.results.find((n) => !n.is_read)
      if (!unread) throw new Error("the seeded coordinator has no unread notification on the first page")
      const marked = await m.post(`/api/v1/notifications/${unread.id}/mark-read/`, m.tokens.coordinator)
      expect(marked.status).toBe(200)
      const plain = decode(await rawGet(url, m.tokens.coordinator, null))
      for (const accept of ["br", "gzip"] as const) {
        const after = await rawGet(url, m.tokens.coordinator, accept)
        expect(after.encoding).toBe(accept)
        expect(decode(after)).toEqual(plain)
        expect(decode(after)).not.toEqual(decode(before[accept]))
        const read = (decode(after) as typeof page).results.find((n) => n.id === unread.id)
        expect(read?.is_read).toBe(true)
      }
    })
  })
})
