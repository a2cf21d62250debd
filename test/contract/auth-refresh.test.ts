// Refresh rotation, the two-tab grace window, reuse detection, logout, and the Origin check.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { REFRESH_GRACE_MS } from "../../server/auth/constants"
import { RefreshResponse, User } from "../../src/schema/auth/auth"
import { ErrorBody } from "../../src/schema/system/errors"
import { BACKENDS, cookieFrom, postgresAvailable, startServer, type TestServer } from "./harness"

const pgUp = await postgresAvailable()
const REFRESH = "/api/company/token/refresh/"
const LOGOUT = "/api/company/logout/"
const INVALID = { detail: "Refresh token expired or invalid." }

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`refresh and logout on ${backend}`, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer({ backend })
    })
    afterAll(() => server?.close())

    const signIn = () => server.login("coordinator@example.com", "coordinator-demo-1")
    const refresh = (cookie?: string, origin?: string) =>
      server.call(REFRESH, { method: "POST", cookie, origin })
    const rotate = async (cookie: string): Promise<string> => {
      const response = await refresh(cookie)
      expect(response.status).toBe(200)
      const next = cookieFrom(response)
      if (!next) throw new Error("refresh set no cookie")
      return next
    }

    it("answers {access} with a working access token and rotates the cookie", async () => {
      const { cookie } = await signIn()
      const response = await refresh(cookie)
      expect(response.status).toBe(200)
      const { access } = Schema.decodeUnknownSync(RefreshResponse)(await response.json())
      const next = cookieFrom(response)
      expect(next).toMatch(/^refresh_token=/)
      expect(next).not.toBe(cookie)
      const header = response.headers.getSetCookie()[0] ?? ""
      expect(header).toMatch(/HttpOnly/)
      expect(header).toMatch(/SameSite=Strict/)
      expect(header).toMatch(/Path=\/api\/company\//)
      const me = await server.call("/api/company/user/", { bearer: access })
      expect(me.status).toBe(200)
      expect(Schema.decodeUnknownSync(User)(await me.json()).email).toBe("coordinator@example.com")
    })

    it("accepts a body-less POST with a JSON content type", async () => {
      const { cookie } = await signIn()
      const response = await server.call(REFRESH, {
        method: "POST",
        cookie,
        body: "",
        contentType: "application/json",
      })
      expect(response.status).toBe(200)
    })

    it("gives the immediately previous token the same successor within the grace window", async () => {
      const { cookie: first } = await signIn()
      const second = await rotate(first)
      server.clock.advance(REFRESH_GRACE_MS - 2_000)
      expect(await rotate(first)).toBe(second)
      // The family is intact: the successor still rotates normally.
      const third = await rotate(second)
      expect(third).not.toBe(second)
    })

    it("serves two tabs refreshing at the same moment with one successor", async () => {
      const { cookie } = await signIn()
      const [a, b] = await Promise.all([refresh(cookie), refresh(cookie)])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(cookieFrom(a)).toBe(cookieFrom(b))
    })

    it("revokes the whole family when a rotated token is reused after the grace window", async () => {
      const { cookie: first } = await signIn()
      const second = await rotate(first)
      server.clock.advance(REFRESH_GRACE_MS + 1_000)
      const reuse = await refresh(first)
      expect(reuse.status).toBe(401)
      expect(await reuse.json()).toEqual(INVALID)
      // The newest token, though never used, died with its family.
      expect((await refresh(second)).status).toBe(401)
    })

    it("treats an older token as reuse even within the grace window", async () => {
      const { cookie: first } = await signIn()
      const second = await rotate(first)
      const third = await rotate(second)
      expect((await refresh(first)).status).toBe(401)
      expect((await refresh(third)).status).toBe(401)
    })

    it("rejects a missing, unknown or expired cookie with 401 and clears it", async () => {
      const none = await refresh()
      expect(none.status).toBe(401)
      expect(await none.json()).toEqual(INVALID)
      const unknown = await refresh("refresh_token=not-a-real-token")
      expect(unknown.status).toBe(401)
      expect(unknown.headers.getSetCookie()[0]).toMatch(
        /^refresh_token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
      )
      const { cookie } = await signIn()
      server.clock.advance(15 * 24 * 60 * 60 * 1000)
      expect((await refresh(cookie)).status).toBe(401)
    })

    it("logout revokes the session and clears the cookie", async () => {
      const { cookie } = await signIn()
      const response = await server.call(LOGOUT, { method: "POST", cookie })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ detail: "Logged out." })
      expect(response.headers.getSetCookie()[0]).toMatch(/^refresh_token=;.*Path=\/api\/company\//)
      expect((await refresh(cookie)).status).toBe(401)
    })

    it("logout revokes successors too, and answers 200 without a cookie", async () => {
      const { cookie: first } = await signIn()
      const second = await rotate(first)
      expect((await server.call(LOGOUT, { method: "POST", cookie: first })).status).toBe(200)
      expect((await refresh(second)).status).toBe(401)
      expect((await server.call(LOGOUT, { method: "POST" })).status).toBe(200)
      expect((await server.call(LOGOUT, { method: "POST", cookie: "refresh_token=junk" })).status).toBe(200)
    })

    it("rejects a foreign Origin on refresh and logout with 403 {detail}, leaving the session alone", async () => {
      const { cookie } = await signIn()
      const evil = "https://evil.example"
      const refreshed = await refresh(cookie, evil)
      expect(refreshed.status).toBe(403)
      expect(await refreshed.json()).toEqual({ detail: "Origin not allowed." })
      const loggedOut = await server.call(LOGOUT, { method: "POST", cookie, origin: evil })
      expect(loggedOut.status).toBe(403)
      expect(Schema.decodeUnknownSync(ErrorBody)(await loggedOut.json()).detail).toBe("Origin not allowed.")
      // Neither call touched the token.
      expect((await refresh(cookie, server.origin)).status).toBe(200)
    })

    it("accepts the server's own origin, configured origins and no Origin at all", async () => {
      const { cookie } = await signIn()
      const a = await rotate(cookie)
      const viaConfigured = await refresh(a, "http://allowed.example")
      expect(viaConfigured.status).toBe(200)
      const b = cookieFrom(viaConfigured) ?? ""
      expect((await refresh(b)).status).toBe(200)
    })
  })
}
