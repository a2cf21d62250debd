// POST /api/company/login/: the answer, the cookie, and what it must not reveal.
import { Schema } from "effect"
import { decodeJwt } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LoginResponse } from "../../src/schema/auth/auth"
import { ErrorBody } from "../../src/schema/system/errors"
import { BACKENDS, cookieFrom, postgresAvailable, startServer, type TestServer } from "./harness"

const pgUp = await postgresAvailable()
const ADMIN = { email: "admin@example.com", password: "admin-demo-1" }
const INVALID = { detail: "Invalid email or password." }

const refreshSetCookie = (response: Response): string => {
  const header = response.headers.getSetCookie().find((c) => c.startsWith("refresh_token="))
  if (!header) throw new Error("no refresh_token cookie")
  return header
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`login on ${backend}`, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer({ backend, config: { loginLimitPerAccount: { max: 3, windowMs: 60_000 } } })
    })
    afterAll(() => server?.close())

    it("answers {access, user} for the demo admin", async () => {
      const response = await server.call("/api/company/login/", { json: ADMIN })
      expect(response.status).toBe(200)
      const body = Schema.decodeUnknownSync(LoginResponse)(await response.json())
      expect(body.user).toEqual({
        id: body.user.id,
        email: "admin@example.com",
        full_name: "Ada Admin",
        user_category: "admin",
        initials: "AA",
      })
      const claims = decodeJwt(body.access)
      expect(claims.sub).toBe(String(body.user.id))
      expect(claims.cat).toBe("admin")
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(300)
    })

    it("signs in every demo account with its category", async () => {
      const coordinator = await server.login("coordinator@example.com", "coordinator-demo-1")
      expect(coordinator.user).toMatchObject({ user_category: "website_coordinator", initials: "CC" })
      const viewer = await server.login("viewer@example.com", "viewer-demo-1")
      expect(viewer.user.user_category).toBe("support")
    })

    it("treats the email case-insensitively", async () => {
      const session = await server.login("  Admin@Example.COM ", ADMIN.password)
      expect(session.user.email).toBe("admin@example.com")
    })

    it("sets the refresh cookie HttpOnly, SameSite=Strict, Path=/api/company/, not Secure over http", async () => {
      const response = await server.call("/api/company/login/", { json: ADMIN })
      const header = refreshSetCookie(response)
      const value = cookieFrom(response)?.split("=")[1] ?? ""
      expect(Buffer.from(value, "base64url").length).toBeGreaterThanOrEqual(32)
      expect(header).toMatch(/; HttpOnly/)
      expect(header).toMatch(/; SameSite=Strict/)
      expect(header).toMatch(/; Path=\/api\/company\//)
      expect(header).toMatch(/; Max-Age=\d+/)
      expect(header).not.toMatch(/Secure/)
      expect(response.headers.get("cache-control")).toBe("no-store")
    })

    it("ignores X-Forwarded-Proto unless the proxy is trusted", async () => {
      const response = await server.call("/api/company/login/", {
        json: ADMIN,
        headers: { "x-forwarded-proto": "https" },
      })
      expect(refreshSetCookie(response)).not.toMatch(/Secure/)
    })

    it("gives a wrong password and an unknown email the identical 401", async () => {
      const wrong = await server.call("/api/company/login/", {
        json: { email: "coordinator@example.com", password: "nope" },
      })
      const unknown = await server.call("/api/company/login/", {
        json: { email: "nobody@example.com", password: "nope" },
      })
      expect(wrong.status).toBe(401)
      expect(unknown.status).toBe(401)
      expect(await wrong.json()).toEqual(INVALID)
      expect(await unknown.json()).toEqual(INVALID)
      expect(wrong.headers.getSetCookie()).toEqual([])
      expect(unknown.headers.getSetCookie()).toEqual([])
    })

    it("limits failed attempts per account with 429 {detail}, even for the right password", async () => {
      const email = "viewer@example.com"
      for (let i = 0; i < 3; i++) {
        const response = await server.call("/api/company/login/", { json: { email, password: `wrong-${i}` } })
        expect(response.status).toBe(401)
      }
      const blocked = await server.call("/api/company/login/", { json: { email, password: "viewer-demo-1" } })
      expect(blocked.status).toBe(429)
      expect(Schema.decodeUnknownSync(ErrorBody)(await blocked.json()).detail).toMatch(/too many/i)
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0)
      // Other accounts are unaffected, and the window ends.
      await server.login(ADMIN.email, ADMIN.password)
      server.clock.advance(61_000)
      await server.login(email, "viewer-demo-1")
    })

    it("limits unknown emails the same way, so the limit reveals nothing either", async () => {
      const json = { email: "ghost@example.com", password: "x" }
      for (let i = 0; i < 3; i++)
        expect((await server.call("/api/company/login/", { json })).status).toBe(401)
      expect((await server.call("/api/company/login/", { json })).status).toBe(429)
    })
  })
}

describe("login limits and proxies (pglite)", () => {
  it("limits attempts per client IP with 429 {detail}", async () => {
    const server = await startServer({ config: { loginLimitPerIp: { max: 3, windowMs: 60_000 } } })
    try {
      for (let i = 0; i < 3; i++) {
        const response = await server.call("/api/company/login/", {
          json: { email: `u${i}@example.com`, password: "x" },
        })
        expect(response.status).toBe(401)
      }
      const blocked = await server.call("/api/company/login/", { json: ADMIN })
      expect(blocked.status).toBe(429)
      expect(Schema.decodeUnknownSync(ErrorBody)(await blocked.json()).detail).toMatch(/too many/i)
      // Only login is limited.
      expect((await server.call("/api/company/token/refresh/", { method: "POST" })).status).toBe(401)
    } finally {
      await server.close()
    }
  })

  it("marks the cookie Secure when a trusted proxy says the request came over https", async () => {
    const server = await startServer({ config: { trustProxy: true } })
    try {
      const https = await server.call("/api/company/login/", {
        json: ADMIN,
        headers: { "x-forwarded-proto": "https" },
      })
      expect(refreshSetCookie(https)).toMatch(/; Secure/)
      const http = await server.call("/api/company/login/", { json: ADMIN })
      expect(refreshSetCookie(http)).not.toMatch(/Secure/)
    } finally {
      await server.close()
    }
  })
})
