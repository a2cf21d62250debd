// The encoding a cached page answers in, chosen as @fastify/compress chooses for the other answers.
import { describe, expect, it } from "vitest"
import { acceptedEncoding } from "../../server/http/accept-encoding"

const choose = (header: string | undefined, extra: Record<string, string> = {}) =>
  acceptedEncoding(header === undefined ? extra : { "accept-encoding": header, ...extra })

describe("accept-encoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["*", "gzip"],
    ["deflate, gzip;q=0.5", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0.8, gzip;q=0.8", "br"],
    ["gzip;q=0.8, br;q=0.8", "br"],
    ["br;q=0, gzip;q=0.1", "gzip"],
    ["br ; q=0.9 , gzip ; q=0.3", "br"],
  ])("%s → %s", (header, expected) => {
    expect(choose(header)).toBe(expected)
  })

  it.each([
    ["no header", undefined],
    ["empty", ""],
    ["identity", "identity"],
    ["deflate only", "deflate"],
    ["everything refused", "br;q=0, gzip;q=0"],
    ["a bare q", "br;q=abc"],
  ])("identity for %s", (_, header) => {
    expect(choose(header)).toBeNull()
  })

  it("identity when the client asks for no compression", () => {
    expect(choose("br", { "x-no-compression": "1" })).toBeNull()
  })
})
