// Fuzzing below app.inject: raw request heads over TCP, so that Node's HTTP parser and the Host header are
// attacked too. Whatever arrives, the answer is never a 5xx, and a refusal is a JSON {detail}.
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FUZZ_RUNS, FUZZ_TIMEOUT_MS } from "./fuzz-arbitraries"
import { type Session, startServer, type TestServer } from "./harness"
import { rawRequest } from "./raw-http"

const PATHS = [
  "/api/v1/providers/?page_size=2",
  "/api/v1/work-requests/?page_size=2",
  "/api/v1/notifications/",
  "/api/company/user/",
  "/api/company/login/",
  "/ws/notifications/",
]

describe(`fuzz: raw HTTP requests, ${FUZZ_RUNS} cases`, () => {
  let server: TestServer
  let admin: Session
  beforeAll(async () => {
    server = await startServer()
    admin = await server.login("admin@example.com", "admin-demo-1")
  })
  afterAll(() => server?.close())

  const expectDetail = (answer: { status: number; body: string }, label: string) => {
    expect(answer.status, label).toBeGreaterThanOrEqual(100)
    expect(answer.status, label).toBeLessThan(500)
    if (answer.status >= 400 && answer.body !== "") {
      const parsed = JSON.parse(answer.body) as { detail?: unknown }
      expect(typeof parsed.detail, label).toBe("string")
    }
  }

  it(
    "answers hostile request lines, Host headers and header bytes with a 4xx {detail} or a normal answer",
    async () => {
      const token = fc.oneof(
        fc.string({ unit: "binary-ascii", maxLength: 30 }),
        fc.constantFrom("", " ", "a b", "x@y", "[::1", "%zz"),
      )
      const request = fc.record({
        method: fc.oneof(fc.constantFrom("GET", "POST", "PATCH", "HEAD", "OPTIONS", "DELETE"), token),
        path: fc.oneof(
          fc.constantFrom(...PATHS),
          token.map((t) => `/api/${t}`),
        ),
        version: fc.constantFrom("HTTP/1.1", "HTTP/1.0", "HTTP/2", "HTTP/1.1 x"),
        host: fc.oneof(fc.constant("127.0.0.1"), token),
        extra: fc.array(fc.tuple(token, token), { maxLength: 3 }),
        body: fc.option(fc.string({ unit: "binary-ascii", maxLength: 40 })),
      })
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const lines = [
            `${r.method} ${r.path} ${r.version}`,
            `Host: ${r.host}`,
            `Authorization: Bearer ${admin.access}`,
            ...r.extra.map(([name, value]) => `${name}: ${value}`),
            "Connection: close",
          ]
          if (r.body !== null)
            lines.push("Content-Type: application/json", `Content-Length: ${Buffer.byteLength(r.body)}`)
          const answer = await rawRequest(server.url, `${lines.join("\r\n")}\r\n\r\n${r.body ?? ""}`)
          expectDetail(answer, lines.join(" | ").slice(0, 300))
        }),
        { numRuns: FUZZ_RUNS },
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it("answers what Node's parser refuses with {detail} (was Fastify's {error, message, statusCode})", async () => {
    for (const text of ["GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"]) {
      const answer = await rawRequest(server.url, text)
      expect(answer.status).toBe(400)
      expect(JSON.parse(answer.body)).toEqual({ detail: "Malformed HTTP request." })
    }
    const huge = `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`
    const overflow = await rawRequest(server.url, huge)
    expect(overflow.status).toBe(431)
    expect(JSON.parse(overflow.body)).toEqual({ detail: "Request headers are too large." })
  })

  it("pages with relative links when the Host header cannot make an origin (was a 500)", async () => {
    for (const host of [" ", "a b", "x@y"]) {
      const text = `GET /api/v1/providers/?page_size=2 HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${admin.access}\r\nConnection: close\r\n\r\n`
      const answer = await rawRequest(server.url, text)
      expect(answer.status, host).toBe(200)
      expect((JSON.parse(answer.body) as { next: string }).next).toBe("/api/v1/providers/?page_size=2&page=2")
    }
  })
})
