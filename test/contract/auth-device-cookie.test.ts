// Device cookies: a browser that signed in to an account holds a signed cookie for it; five wrong passwords
// from elsewhere lock out only browsers without one, never a trusted browser with the right password. A trusted
// browser guessing locks out its own cookie, not the account; the per-address limit still holds for everyone.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEVICE_COOKIE, LOGIN_LIMIT_PER_ACCOUNT } from "../../server/auth/constants"
import { ErrorBody } from "../../src/schema/system/errors"
import { cookieFrom, startServer, type TestServer } from "./harness"

const TOO_MANY = "Too many login attempts. Try again later."
const COORDINATOR = { email: "coordinator@example.com", password: "coordinator-demo-1" }
const VIEWER = { email: "viewer@example.com", password: "viewer-demo-1" }

let server: TestServer
beforeAll(async () => {
  server = await startServer({ config: { loginLimitPerAccount: LOGIN_LIMIT_PER_ACCOUNT, trustProxy: true } })
})
afterAll(() => server?.close())

/** A browser: its address, and the device cookie it was given, if any. */
const signIn = (from: string, email: string, password: string, device?: string) =>
  server.call("/api/company/login/", {
    json: { email, password },
    headers: { "x-forwarded-for": from },
    ...(device ? { cookie: device } : {}),
  })

const deviceOf = (response: Response): string => {
  const cookie = cookieFrom(response, DEVICE_COOKIE.name)
  if (!cookie) throw new Error("no device cookie")
  return cookie
}

const guess = async (from: string, email: string, times: number, device?: string) => {
  const statuses: number[] = []
  for (let i = 0; i < times; i += 1)
    statuses.push((await signIn(from, email, "wrong-password-x", device)).status)
  return statuses
}

const detailOf = async (response: Response): Promise<string> =>
  Schema.decodeUnknownSync(ErrorBody)(await response.json()).detail

describe("device cookies", () => {
  it("a sign-in sets a signed, HttpOnly, SameSite=Strict cookie for the sign-in call only", async () => {
    const response = await signIn("10.1.0.1", VIEWER.email, VIEWER.password)
    expect(response.status).toBe(200)
    const header = response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE.name}=`)) ?? ""
    expect(header).toMatch(/HttpOnly/i)
    expect(header).toMatch(/SameSite=Strict/i)
    expect(header).toMatch(/Path=\/api\/company\/login\//)
    expect(header).not.toMatch(/Secure/i)
    expect(deviceOf(response)).toMatch(/^device=\d+\.[\w-]{22}\.[\w-]{43}$/)
    const https = await server.call("/api/company/login/", {
      json: { email: VIEWER.email, password: VIEWER.password },
      headers: { "x-forwarded-for": "10.1.0.1", "x-forwarded-proto": "https" },
    })
    expect(https.headers.getSetCookie().find((c) => c.startsWith("device="))).toMatch(/Secure/i)
  })

  it("five wrong passwords from one browser lock out untrusted browsers, never the trusted one", async () => {
    const trusted = deviceOf(await signIn("10.2.0.1", COORDINATOR.email, COORDINATOR.password))
    // A colleague, elsewhere, typing the coordinator's email with wrong passwords.
    const statuses = await guess("10.2.0.9", COORDINATOR.email, LOGIN_LIMIT_PER_ACCOUNT.max)
    expect(statuses).toEqual(Array(LOGIN_LIMIT_PER_ACCOUNT.max).fill(401))
    // The right password from an untrusted browser (any address) is refused while the lock lasts...
    const untrusted = await signIn("10.2.0.7", COORDINATOR.email, COORDINATOR.password)
    expect(untrusted.status).toBe(429)
    expect(await detailOf(untrusted)).toBe(TOO_MANY)
    expect(Number(untrusted.headers.get("retry-after"))).toBeGreaterThan(0)
    // ...and the coordinator's own browser gets in, and gets a fresh cookie.
    const own = await signIn("10.2.0.1", COORDINATOR.email, COORDINATOR.password, trusted)
    expect(own.status).toBe(200)
    const renewed = deviceOf(own)
    expect(renewed).not.toBe(trusted)
    // Its success forgives no guesser: untrusted browsers stay locked out.
    expect((await signIn("10.2.0.7", COORDINATOR.email, COORDINATOR.password)).status).toBe(429)
    expect((await signIn("10.2.0.1", COORDINATOR.email, COORDINATOR.password, renewed)).status).toBe(200)
  })

  it("vouches only for the account it names, and only when its signature holds", async () => {
    const viewerDevice = deviceOf(await signIn("10.3.0.1", VIEWER.email, VIEWER.password))
    // The coordinator is still locked for untrusted browsers (previous test).
    expect((await signIn("10.3.0.1", COORDINATOR.email, COORDINATOR.password, viewerDevice)).status).toBe(429)
    const [name, value = ""] = viewerDevice.split("=")
    const [, nonce, signature] = value.split(".")
    const { id: coordinatorId } = await server.database.db
      .selectFrom("app_user")
      .select("id")
      .where("email", "=", COORDINATOR.email)
      .executeTakeFirstOrThrow()
    const forged = `${name}=${coordinatorId}.${nonce}.${signature}`
    expect((await signIn("10.3.0.1", COORDINATOR.email, COORDINATOR.password, forged)).status).toBe(429)
    const tampered = `${viewerDevice.slice(0, -2)}AA`
    expect((await signIn("10.3.0.1", COORDINATOR.email, COORDINATOR.password, tampered)).status).toBe(429)
  })

  it("a trusted browser guessing locks out its own cookie, not the account", async () => {
    const guessing = deviceOf(await signIn("10.4.0.1", VIEWER.email, VIEWER.password))
    const other = deviceOf(await signIn("10.4.0.2", VIEWER.email, VIEWER.password))
    expect(await guess("10.4.0.1", VIEWER.email, LOGIN_LIMIT_PER_ACCOUNT.max, guessing)).toEqual(
      Array(LOGIN_LIMIT_PER_ACCOUNT.max).fill(401),
    )
    expect((await signIn("10.4.0.1", VIEWER.email, VIEWER.password, guessing)).status).toBe(429)
    // Another trusted browser, and an untrusted one, are not affected.
    expect((await signIn("10.4.0.2", VIEWER.email, VIEWER.password, other)).status).toBe(200)
    expect((await signIn("10.4.0.3", VIEWER.email, VIEWER.password)).status).toBe(200)
    // The lock ends with its window.
    server.clock.advance(LOGIN_LIMIT_PER_ACCOUNT.windowMs + 1000)
    expect((await signIn("10.4.0.1", VIEWER.email, VIEWER.password, guessing)).status).toBe(200)
  })
})

describe("device cookies and the per-address limit", () => {
  let limited: TestServer
  beforeAll(async () => {
    limited = await startServer({ config: { loginLimitPerIp: { max: 6, windowMs: 15 * 60_000 } } })
  })
  afterAll(() => limited?.close())

  it("still stops an address that tries many accounts, trusted browser or not", async () => {
    const first = await limited.call("/api/company/login/", { json: VIEWER })
    const trusted = deviceOf(first)
    for (let i = 0; i < 6; i += 1)
      await limited.call("/api/company/login/", {
        json: { email: `nobody${i}@x.example`, password: "wrong-pass" },
      })
    const response = await limited.call("/api/company/login/", { json: VIEWER, cookie: trusted })
    expect(response.status).toBe(429)
  })
})
