// GET and PATCH /api/company/user/, bearer tokens, and the requireUser / requireCategory preHandlers.
import { Schema } from "effect"
import { SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ACCESS_TOKEN_TTL_SECONDS } from "../../server/auth/constants"
import { requireCategory, requireUser } from "../../server/http/require-user"
import { User } from "../../src/schema/auth/auth"
import { ErrorBody } from "../../src/schema/system/errors"
import { BACKENDS, postgresAvailable, startServer, type TestServer } from "./harness"

const pgUp = await postgresAvailable()
const ME = "/api/company/user/"

const detailOf = async (response: Response): Promise<string> =>
  Schema.decodeUnknownSync(ErrorBody)(await response.json()).detail

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`profile on ${backend}`, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer({
        backend,
        extend: (app) => {
          app.get(
            "/api/test/staff/",
            { preHandler: requireCategory("admin", "website_coordinator") },
            async (req) => ({
              who: req.user.email,
            }),
          )
          app.get("/api/test/any/", { preHandler: [requireUser] }, async (req) => ({ who: req.user.email }))
        },
      })
    })
    afterAll(() => server?.close())

    it("returns the signed-in user", async () => {
      const { access } = await server.login("admin@example.com", "admin-demo-1")
      const response = await server.call(ME, { bearer: access })
      expect(response.status).toBe(200)
      expect(Schema.decodeUnknownSync(User)(await response.json())).toMatchObject({
        email: "admin@example.com",
        full_name: "Ada Admin",
        user_category: "admin",
        initials: "AA",
      })
    })

    it("answers 401 {detail} without a token, with a malformed one, or a forged one", async () => {
      expect((await server.call(ME)).status).toBe(401)
      expect(await detailOf(await server.call(ME))).toBe("Authentication credentials were not provided.")
      for (const authorization of ["Bearer", "Bearer not.a.jwt", "Basic YWRtaW46eA==", "Bearer a b"]) {
        const response = await server.call(ME, { headers: { authorization } })
        expect(response.status).toBe(401)
        expect(await detailOf(response)).toBeTruthy()
      }
      const forged = await new SignJWT({ cat: "admin" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("1")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(new TextEncoder().encode("x".repeat(32)))
      expect((await server.call(ME, { bearer: forged })).status).toBe(401)
      expect((await server.call(ME, { method: "PATCH", json: { full_name: "X" } })).status).toBe(401)
    })

    it("rejects an expired access token with 401", async () => {
      const { access } = await server.login("viewer@example.com", "viewer-demo-1")
      expect((await server.call(ME, { bearer: access })).status).toBe(200)
      server.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000)
      const response = await server.call(ME, { bearer: access })
      expect(response.status).toBe(401)
      expect(await detailOf(response)).toBe("Access token expired or invalid.")
    })

    it("updates full_name (and so the initials)", async () => {
      const { access } = await server.login("coordinator@example.com", "coordinator-demo-1")
      const response = await server.call(ME, {
        method: "PATCH",
        bearer: access,
        json: { full_name: "  Cora  Q. Lee " },
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ full_name: "Cora  Q. Lee", initials: "CL" })
      expect(await (await server.call(ME, { bearer: access })).json()).toMatchObject({
        full_name: "Cora  Q. Lee",
      })
      const empty = await server.call(ME, { method: "PATCH", bearer: access, json: {} })
      expect(empty.status).toBe(200)
    })

    it("changes the email, which then signs in", async () => {
      const { access } = await server.login("viewer@example.com", "viewer-demo-1")
      const response = await server.call(ME, {
        method: "PATCH",
        bearer: access,
        json: { email: "Vera@Example.com" },
      })
      expect(response.status).toBe(200)
      expect(Schema.decodeUnknownSync(User)(await response.json()).email).toBe("vera@example.com")
      await server.login("vera@example.com", "viewer-demo-1")
      const old = await server.call("/api/company/login/", {
        json: { email: "viewer@example.com", password: "viewer-demo-1" },
      })
      expect(old.status).toBe(401)
      await server.call(ME, { method: "PATCH", bearer: access, json: { email: "viewer@example.com" } })
    })

    it("answers 409 {detail} when the email belongs to someone else", async () => {
      const { access } = await server.login("admin@example.com", "admin-demo-1")
      const response = await server.call(ME, {
        method: "PATCH",
        bearer: access,
        json: { email: "coordinator@example.com" },
      })
      expect(response.status).toBe(409)
      expect(await detailOf(response)).toBe("A user with this email already exists.")
    })

    it("rejects unknown fields, wrong types and invalid values with 400 naming the field", async () => {
      const { access } = await server.login("admin@example.com", "admin-demo-1")
      const cases: Array<[unknown, RegExp]> = [
        [{ user_category: "admin" }, /user_category/],
        [{ full_name: "Ada", id: 7 }, /id/],
        [{ full_name: 42 }, /full_name/],
        [{ full_name: "" }, /full_name/],
        [{ full_name: "   " }, /full_name/],
        [{ email: "not-an-email" }, /email/],
        [{ email: null }, /email/],
        [["full_name"], /./],
        ["Ada", /./],
      ]
      for (const [json, field] of cases) {
        const response = await server.call(ME, { method: "PATCH", bearer: access, json })
        expect(response.status, JSON.stringify(json)).toBe(400)
        expect(await detailOf(response)).toMatch(field)
      }
      const me = Schema.decodeUnknownSync(User)(await (await server.call(ME, { bearer: access })).json())
      expect(me.user_category).toBe("admin")
    })

    it("requireCategory admits the listed categories and answers 403 {detail} to others", async () => {
      const admin = await server.login("admin@example.com", "admin-demo-1")
      const viewer = await server.login("viewer@example.com", "viewer-demo-1")
      expect((await server.call("/api/test/staff/", { bearer: admin.access })).status).toBe(200)
      const denied = await server.call("/api/test/staff/", { bearer: viewer.access })
      expect(denied.status).toBe(403)
      expect(await detailOf(denied)).toMatch(/permission/)
      expect((await server.call("/api/test/staff/")).status).toBe(401)
      expect(await (await server.call("/api/test/any/", { bearer: viewer.access })).json()).toEqual({
        who: "viewer@example.com",
      })
    })
  })
}
