// "Forgot password" against the real server and a real SMTP server on loopback: the same answer for an email
// with and without an account, the link read from the mail and used once (a new password, every session of the
// account signed out, this browser signed in); expired, replaced, reused and unknown links refused with a
// sentence; the limits per email and per address; with mail off, a 409 that says to ask an admin.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  ACCOUNT_MESSAGES,
  RESET_LIMIT_PER_ADDRESS,
  RESET_LIMIT_PER_EMAIL,
  RESET_TTL_MS,
} from "../../../server/accounts/constants"
import { ResetLinkInfo, ResetRequested } from "../../../src/schema/accounts/password-reset"
import { PASSWORD_RULES } from "../../../src/schema/accounts/password-rules"
import { SignInNotice } from "../../../src/schema/accounts/sign-in-notice"
import { LoginResponse } from "../../../src/schema/auth/auth"
import { ErrorBody } from "../../../src/schema/system/errors"
import { ALLOWED_ORIGIN, cookieFrom, startServer, type TestServer } from "../harness"
import { linkIn, type SmtpSink, startSmtpSink } from "./smtp-sink"

const R = "/api/company/password-reset/"
const NEW_PASSWORD = "quartz meadow ferry"

const detailOf = async (response: Response): Promise<string> =>
  Schema.decodeUnknownSync(ErrorBody)(await response.json()).detail

describe("password reset with mail on", () => {
  let smtp: SmtpSink
  let server: TestServer
  let address = 0
  beforeAll(async () => {
    smtp = await startSmtpSink()
    server = await startServer({ config: { smtpUrl: smtp.url, trustProxy: true } })
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  /** Each test asks from its own address, so that only the limit it tests is in play. */
  const ask = (email: string, from = `10.9.0.${address}`) =>
    server.call(R, { json: { email }, headers: { "x-forwarded-for": from } })
  const tokenOf = (link: string) => new URL(link).pathname.split("/").at(-1) ?? ""
  const info = async (token: string) =>
    Schema.decodeUnknownSync(ResetLinkInfo)(await (await server.call(`${R}${token}/`)).json())
  const use = (token: string, password: string) => server.call(`${R}${token}/`, { json: { password } })
  const mailedLink = async (email: string, skip: number) =>
    linkIn(await smtp.waitFor(email, skip), "/reset-password/")

  it("answers the same whether or not the email has an account, and mails only the account", async () => {
    address += 1
    const known = await ask("Viewer@Example.com ")
    const unknown = await ask("nobody.here@example.com")
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    const [a, b] = [await known.json(), await unknown.json()]
    expect(a).toEqual(b)
    expect(Schema.decodeUnknownSync(ResetRequested)(a).detail).toBe(ACCOUNT_MESSAGES.resetRequested)
    const mail = await smtp.waitFor("viewer@example.com")
    expect(mail.subject).toBe("Choose a new password for the back office")
    expect(linkIn(mail, "/reset-password/")).toMatch(new RegExp(`^${server.url}/reset-password/[\\w-]{59}$`))
    // The unknown email's request was handled after the known one's: had it mailed, the mail would be here.
    await ask("viewer@example.com")
    await smtp.waitFor("viewer@example.com", 1)
    expect(smtp.received().some((m) => m.to.includes("nobody.here@example.com"))).toBe(false)
  })

  it("the mailed link sets a new password once, signs the account out everywhere and this browser in", async () => {
    address += 1
    const email = "coordinator@example.com"
    const before = await server.login(email, "coordinator-demo-1")
    const elsewhere = await server.login(email, "coordinator-demo-1")
    await ask(email)
    const token = tokenOf(await mailedLink(email, 0))
    expect(await info(token)).toEqual({ state: "open", email })

    const weak = await use(token, "short")
    expect(weak.status).toBe(400)
    expect(await detailOf(weak)).toBe(PASSWORD_RULES.tooShort)
    expect((await info(token)).state).toBe("open")

    const response = await use(token, NEW_PASSWORD)
    expect(response.status).toBe(200)
    const body = Schema.decodeUnknownSync(LoginResponse)(await response.json())
    expect(body.user.email).toBe(email)
    expect(cookieFrom(response)).toBeTruthy()
    expect(cookieFrom(response, "device")).toBeTruthy()
    expect((await server.call("/api/company/user/", { bearer: body.access })).status).toBe(200)

    // Every session from before is over: refresh cookies and access tokens alike.
    for (const old of [before, elsewhere]) {
      const refreshed = await server.call("/api/company/token/refresh/", {
        method: "POST",
        cookie: old.cookie,
      })
      expect(refreshed.status).toBe(401)
      expect((await server.call("/api/company/user/", { bearer: old.access })).status).toBe(401)
    }
    expect(
      (await server.call("/api/company/login/", { json: { email, password: "coordinator-demo-1" } })).status,
    ).toBe(401)
    await server.login(email, NEW_PASSWORD)

    // Used once: the page says so, and a second use is a 409 with its sentence.
    expect(await info(token)).toEqual({ state: "used", email: null })
    const again = await use(token, "another fine passphrase")
    expect(again.status).toBe(409)
    expect(await detailOf(again)).toBe(ACCOUNT_MESSAGES.resetUsed)
    // The link's secret never reaches the log, though its path went through the request log.
    expect(server.logs()).toContain("/api/company/password-reset/[redacted]/")
    expect(server.logs()).not.toContain(token)
    const history = await server.database.db
      .selectFrom("account_event")
      .select("kind")
      .where("kind", "=", "password_reset")
      .execute()
    expect(history).toHaveLength(1)
  })

  it("refuses unknown, expired and replaced links with a sentence", async () => {
    address += 1
    const unknown = "A".repeat(59)
    expect(await info(unknown)).toEqual({ state: "unknown", email: null })
    const bad = await use(unknown, NEW_PASSWORD)
    expect(bad.status).toBe(404)
    expect(await detailOf(bad)).toBe(ACCOUNT_MESSAGES.resetUnknown)

    const email = "admin@example.com"
    await ask(email)
    const first = tokenOf(await mailedLink(email, 0))
    await ask(email)
    const second = tokenOf(await mailedLink(email, 1))
    expect(await info(first)).toEqual({ state: "revoked", email: null })
    const replaced = await use(first, NEW_PASSWORD)
    expect(replaced.status).toBe(409)
    expect(await detailOf(replaced)).toBe(ACCOUNT_MESSAGES.resetRevoked)

    server.clock.advance(RESET_TTL_MS + 1000)
    expect(await info(second)).toEqual({ state: "expired", email: null })
    const expired = await use(second, NEW_PASSWORD)
    expect(expired.status).toBe(409)
    expect(await detailOf(expired)).toBe(ACCOUNT_MESSAGES.resetExpired)
    await server.login(email, "admin-demo-1")
  })

  it("limits requests per email, known or not, with 429 {detail} and Retry-After", async () => {
    server.clock.advance(RESET_LIMIT_PER_EMAIL.windowMs + 1000)
    for (const email of ["viewer@example.com", "nobody.else@example.com"]) {
      for (let i = 0; i < RESET_LIMIT_PER_EMAIL.max; i += 1) {
        address += 1
        expect((await ask(email)).status).toBe(200)
      }
      address += 1
      const over = await ask(email)
      expect(over.status).toBe(429)
      expect(await detailOf(over)).toBe(ACCOUNT_MESSAGES.resetTooMany)
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0)
    }
  })

  it("limits requests per address across emails", async () => {
    server.clock.advance(RESET_LIMIT_PER_ADDRESS.windowMs + 1000)
    address += 1
    for (let i = 0; i < RESET_LIMIT_PER_ADDRESS.max; i += 1)
      expect((await ask(`walker${i}@example.com`)).status).toBe(200)
    const over = await ask("walker-last@example.com")
    expect(over.status).toBe(429)
    expect(await detailOf(over)).toBe(ACCOUNT_MESSAGES.resetTooMany)
  })

  it("refuses bad input with 400 {detail}, and a reset from another origin", async () => {
    for (const json of [{}, { email: 3 }, { email: "" }, { email: "x".repeat(300) }]) {
      const response = await server.call(R, { json })
      expect(response.status).toBe(400)
      expect(await detailOf(response)).toBeTruthy()
    }
    const weak = await server.call(`${R}${"A".repeat(59)}/`, { json: { password: "" } })
    expect(weak.status).toBe(400)
    const foreign = await server.call(`${R}${"A".repeat(59)}/`, {
      json: { password: NEW_PASSWORD },
      origin: "http://evil.example",
    })
    expect(foreign.status).toBe(403)
    const allowed = await server.call(`${R}${"A".repeat(59)}/`, {
      json: { password: NEW_PASSWORD },
      origin: ALLOWED_ORIGIN,
    })
    expect(allowed.status).toBe(404)
  })

  it("the sign-in notice says mail is on", async () => {
    const notice = Schema.decodeUnknownSync(SignInNotice)(
      await (await server.call("/api/company/sign-in-notice/")).json(),
    )
    expect(notice.mail).toBe(true)
  })
})

describe("password reset with mail off", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.close())

  it("answers 409 saying to ask an admin, and the sign-in notice says mail is off", async () => {
    const response = await server.call(R, { json: { email: "viewer@example.com" } })
    expect(response.status).toBe(409)
    expect(await detailOf(response)).toBe(ACCOUNT_MESSAGES.resetMailOff)
    const notice = Schema.decodeUnknownSync(SignInNotice)(
      await (await server.call("/api/company/sign-in-notice/")).json(),
    )
    expect(notice).toEqual({ demo_accounts: true, mail: false })
  })
})
