// Tokens never reach the log: not access tokens (Authorization, ?token=), not refresh tokens (cookies).
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RefreshResponse } from "../../src/schema/auth/auth"
import { cookieFrom, startServer, type TestServer } from "./harness"

describe("logs", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.close())

  it("hold no token after a whole session, including ?token= URLs and errors", async () => {
    const secrets: string[] = []
    const session = await server.login("admin@example.com", "admin-demo-1")
    secrets.push(session.access, session.cookie.split("=")[1] ?? "")
    await server.call("/api/company/user/", { bearer: session.access })
    await server.call("/api/company/user/", {
      method: "PATCH",
      bearer: session.access,
      json: { full_name: "Ada A" },
    })
    const refreshed = await server.call("/api/company/token/refresh/", {
      method: "POST",
      cookie: session.cookie,
    })
    const next = cookieFrom(refreshed) ?? ""
    const { access } = Schema.decodeUnknownSync(RefreshResponse)(await refreshed.json())
    secrets.push(access, next.split("=")[1] ?? "")
    await server.fetch(`/ws/notifications/?token=${access}`)
    await server.fetch(`/api/company/user/?token=${access}&page=2`)
    await server.fetch(`/api/company/user/?access_token=${access}`)
    await server.call("/api/company/user/", { bearer: `${access}x` })
    await server.call("/api/company/logout/", {
      method: "POST",
      cookie: next,
      origin: "https://evil.example",
    })
    await server.call("/api/company/logout/", { method: "POST", cookie: next })

    const logs = server.logs()
    expect(logs).toMatch(/"url":"\/api\/company\/login\/"/)
    expect(logs).toMatch(/token=\[redacted\]/)
    expect(logs).toMatch(/"status":403/)
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(20)
      expect(logs).not.toContain(secret)
    }
    expect(logs).not.toContain("admin-demo-1")
  })
})
