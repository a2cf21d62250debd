// The Origin check as a property: cookie-authenticated calls (login, refresh, logout) and the socket refuse
// every origin but the server's own and the configured ones, including lookalikes of those, and a refused
// call leaves the session working. (auth-refresh.test.ts and socket.test.ts hold the fixed examples.)
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { SOCKET_CLOSE } from "../../src/schema/live/socket"
import { FUZZ_RUNS } from "./fuzz-arbitraries"
import { ALLOWED_ORIGIN, cookieFrom, type Session, startServer, type TestServer } from "./harness"

const RUNS = Math.min(FUZZ_RUNS, 300)

describe("Origin checks", () => {
  let server: TestServer
  let session: Session
  beforeAll(async () => {
    server = await startServer()
    session = await server.login("coordinator@example.com", "coordinator-demo-1")
  })
  afterAll(() => server?.close())

  /** Origins that are not allowed, many of them one character away from one that is. */
  const foreign = () => {
    const own = server.origin
    const lookalikes = [
      `${own}/`,
      `${own}.evil.example`,
      own.replace("http://", "https://"),
      own.replace("http://", "HTTP://"),
      own.replace("127.0.0.1", "127.0.0.2"),
      own.replace(/:\d+$/, ":1"),
      `${own}@evil.example`,
      `${ALLOWED_ORIGIN}.evil.example`,
      ALLOWED_ORIGIN.replace("http://", "https://"),
      `${ALLOWED_ORIGIN}:80`,
      "null",
      "",
      "file://",
      "chrome-extension://abcdef",
    ]
    return fc
      .oneof(
        fc.constantFrom(...lookalikes),
        fc.webUrl().map((u) => new URL(u).origin),
        fc.webUrl(),
      )
      .filter((o) => o !== own && o !== ALLOWED_ORIGIN)
  }

  it("refuses a foreign Origin on login, refresh and logout with 403 {detail}, and the session survives", async () => {
    await fc.assert(
      fc.asyncProperty(
        foreign(),
        fc.constantFrom("/api/company/login/", "/api/company/token/refresh/", "/api/company/logout/"),
        async (origin, path) => {
          const response = await server.app.inject({
            method: "POST",
            url: path,
            headers: { origin, cookie: session.cookie, "content-type": "application/json" },
            payload: path.endsWith("login/")
              ? JSON.stringify({ email: "coordinator@example.com", password: "coordinator-demo-1" })
              : "",
          })
          expect(response.statusCode, `${path} ${origin}`).toBe(403)
          expect(response.json()).toEqual({ detail: "Origin not allowed." })
          expect(response.headers["set-cookie"], origin).toBeUndefined()
        },
      ),
      { numRuns: RUNS },
    )
    // Not one of those calls touched the session.
    const refreshed = await server.call("/api/company/token/refresh/", {
      method: "POST",
      cookie: session.cookie,
    })
    expect(refreshed.status).toBe(200)
    session = { ...session, cookie: cookieFrom(refreshed) ?? session.cookie }
  })

  it("refuses a foreign Origin on the socket with 4403", async () => {
    const closeCode = (origin: string) =>
      new Promise<number | "established">((resolve) => {
        const ws = new WebSocket(
          `${server.url.replace(/^http/, "ws")}/ws/notifications/?token=${encodeURIComponent(session.access)}`,
          { origin },
        )
        ws.on("message", () => {
          ws.close()
          resolve("established")
        })
        ws.on("close", (code) => resolve(code))
        ws.on("error", () => undefined)
      })
    await fc.assert(
      fc.asyncProperty(
        foreign().filter((o) => o !== ""),
        async (origin) => {
          expect(await closeCode(origin), origin).toBe(SOCKET_CLOSE.forbiddenOrigin.code)
        },
      ),
      { numRuns: Math.min(RUNS, 100) },
    )
    expect(await closeCode(server.origin)).toBe("established")
  })
})
