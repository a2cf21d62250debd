// The session hint cookie travels with the refresh cookie: set beside it (readable by the page, no secret in
// it, the same lifetime), rotated with it, and cleared with it on logout and on a refresh that fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer, type TestServer } from "./harness"

const REFRESH = "/api/company/token/refresh/"
const hintOf = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith("session_hint=")) ?? null
const maxAge = (header: string | null | undefined) =>
  Number(header?.match(/Max-Age=(\d+)/)?.[1] ?? Number.NaN)

describe("session hint cookie", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.close())

  it("login sets it beside the refresh cookie: value 1, readable by scripts, Path=/, same lifetime", async () => {
    const { response } = await server.login("coordinator@example.com", "coordinator-demo-1")
    const hint = hintOf(response)
    const refresh = response.headers.getSetCookie().find((c) => c.startsWith("refresh_token="))
    expect(hint).toMatch(/^session_hint=1;/)
    expect(hint).not.toMatch(/HttpOnly/i)
    expect(hint).toMatch(/Path=\/(;|$)/)
    expect(hint).toMatch(/SameSite=Strict/)
    expect(maxAge(hint)).toBeGreaterThan(0)
    expect(maxAge(hint)).toBe(maxAge(refresh))
  })

  it("a refresh renews it, and a refresh that fails clears it", async () => {
    const { cookie } = await server.login("coordinator@example.com", "coordinator-demo-1")
    const ok = await server.call(REFRESH, { method: "POST", cookie })
    expect(ok.status).toBe(200)
    expect(hintOf(ok)).toMatch(/^session_hint=1;/)
    const bad = await server.call(REFRESH, { method: "POST", cookie: "refresh_token=not-a-real-token" })
    expect(bad.status).toBe(401)
    expect(hintOf(bad)).toMatch(/^session_hint=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/)
  })

  it("logout clears it", async () => {
    const { cookie } = await server.login("coordinator@example.com", "coordinator-demo-1")
    const response = await server.call("/api/company/logout/", { method: "POST", cookie })
    expect(response.status).toBe(200)
    expect(hintOf(response)).toMatch(/^session_hint=;.*Path=\/(;|$)/)
  })
})
