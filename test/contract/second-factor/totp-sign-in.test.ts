// The authenticator app over HTTP: set up by key and QR code, confirmed by a first code; the sign-in then asks
// for a code (or a recovery code); each code once, one step of clock skew either way and no more (the
// server's clock is moved, never slept through); wrong codes count against the sign-in limits; the challenge
// expires; "trust this browser" skips the second factor; codes, secrets and tokens never reach the log.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  RecoveryCodes,
  SECOND_FACTOR_MESSAGES,
  SecondFactorStatus,
  TotpSetup,
} from "../../../src/schema/accounts/second-factor"
import { SignInList } from "../../../src/schema/accounts/user-settings"
import { LoginResponse } from "../../../src/schema/auth/auth"
import { cookieFrom } from "../harness"
import { secondFactorServer } from "./fixture"
import {
  bearerOf,
  challengeToken,
  detailOf,
  freshAccount,
  PASSWORD,
  passwordStep,
  STEP_MS,
  securityNotices,
  totpAt,
} from "./helpers"

const A = "/api/company/account/"
const VERIFY = "/api/company/login/second-factor/"

describe("sign-in with an authenticator app", () => {
  const fx = secondFactorServer({ config: { loginLimitPerAccount: { max: 4, windowMs: 60_000 } } })
  const secrets: string[] = []
  const spoken: string[] = []

  const { midStep } = fx
  const code = (secret: string, steps = 0) => {
    const value = totpAt(secret, fx.server.clock.now() + steps * STEP_MS)
    spoken.push(value)
    return value
  }

  /** An account with a confirmed app: its secret and recovery codes. */
  const withApp = async () => {
    const account = await freshAccount(fx.server)
    const bearer = await bearerOf(fx.server, account.email)
    const started = await fx.server.call(`${A}totp/`, { method: "POST", bearer })
    expect(started.status).toBe(200)
    const setup = Schema.decodeUnknownSync(TotpSetup)(await started.json())
    secrets.push(setup.secret)
    midStep()
    const confirmed = await fx.server.call(`${A}totp/confirm/`, {
      json: { code: code(setup.secret) },
      bearer,
    })
    expect(confirmed.status).toBe(200)
    const { recovery_codes } = Schema.decodeUnknownSync(RecoveryCodes)(await confirmed.json())
    spoken.push(...recovery_codes)
    // The confirming code's step is used: the next sign-in needs a later one.
    fx.server.clock.advance(STEP_MS)
    return { ...account, bearer, secret: setup.secret, recovery: recovery_codes }
  }
  const verify = (token: string, value: string, extra: Record<string, unknown> = {}) =>
    fx.server.call(VERIFY, { json: { token, code: value, method: "totp", trust_browser: false, ...extra } })

  it("sets up by key and QR code, confirmed with a first code; ten recovery codes; told to its owner", async () => {
    const account = await freshAccount(fx.server)
    const bearer = await bearerOf(fx.server, account.email)
    const setup = Schema.decodeUnknownSync(TotpSetup)(
      await (await fx.server.call(`${A}totp/`, { method: "POST", bearer })).json(),
    )
    secrets.push(setup.secret)
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/)
    expect(setup.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    midStep()
    const wrong = await fx.server.call(`${A}totp/confirm/`, { json: { code: "000000" }, bearer })
    expect(wrong.status).toBe(400)
    expect(await detailOf(wrong)).toBe(SECOND_FACTOR_MESSAGES.wrongCode)
    const ok = await fx.server.call(`${A}totp/confirm/`, { json: { code: code(setup.secret) }, bearer })
    const { recovery_codes } = Schema.decodeUnknownSync(RecoveryCodes)(await ok.json())
    expect(recovery_codes).toHaveLength(10)
    expect(new Set(recovery_codes).size).toBe(10)
    const status = Schema.decodeUnknownSync(SecondFactorStatus)(
      await (await fx.server.call(`${A}second-factor/`, { bearer })).json(),
    )
    expect(status).toMatchObject({
      totp: { enabled: true },
      recovery_codes_left: 10,
      passkeys: [],
      required: false,
    })
    const stored = await fx.server.database.db
      .selectFrom("recovery_code")
      .select("code_hash")
      .where("user_id", "=", account.id)
      .execute()
    expect(stored.map((r) => r.code_hash)).not.toContain(recovery_codes[0])
    expect((await securityNotices(fx.server, account.id)).map((n) => n.title)).toContain(
      "Authenticator app added",
    )
    // A second app cannot be started over a confirmed one.
    expect((await fx.server.call(`${A}totp/`, { method: "POST", bearer })).status).toBe(409)
  })

  it("asks for the second factor after the right password, and takes each code once", async () => {
    const account = await withApp()
    const first = await passwordStep(fx.server, account.email)
    expect(first.outcome).toMatchObject({
      challenge: { kind: "second_factor", methods: ["totp", "recovery"] },
    })
    expect(first.refresh).toBeNull()
    const token = await challengeToken(fx.server, account.email, "second_factor")
    midStep()
    const value = code(account.secret)
    const ok = await verify(token, value)
    expect(ok.status).toBe(200)
    Schema.decodeUnknownSync(LoginResponse)(await ok.json())
    expect(cookieFrom(ok)).not.toBeNull()
    // The same token again: used.
    expect((await verify(token, value)).status).toBe(401)
    // The same code with a new sign-in: replayed.
    const again = await verify(await challengeToken(fx.server, account.email, "second_factor"), value)
    expect(again.status).toBe(400)
    expect(await detailOf(again)).toBe(SECOND_FACTOR_MESSAGES.wrongCode)
  })

  it("accepts one step of clock skew either way, and refuses two", async () => {
    const account = await withApp()
    midStep()
    const t = () => challengeToken(fx.server, account.email, "second_factor")
    expect((await verify(await t(), code(account.secret, -2))).status).toBe(400)
    expect((await verify(await t(), code(account.secret, 2))).status).toBe(400)
    expect((await verify(await t(), code(account.secret, -1))).status).toBe(200)
    expect((await verify(await t(), code(account.secret, 1))).status).toBe(200)
  })

  it("takes a recovery code once, in place of the app's code", async () => {
    const account = await withApp()
    const recovery = account.recovery[3] ?? ""
    const use = async (value: string) =>
      fx.server.call(VERIFY, {
        json: {
          token: await challengeToken(fx.server, account.email, "second_factor"),
          code: value,
          method: "recovery",
          trust_browser: false,
        },
      })
    expect((await use(recovery.toUpperCase())).status).toBe(200)
    expect((await use(recovery)).status).toBe(400)
    const status = Schema.decodeUnknownSync(SecondFactorStatus)(
      await (await fx.server.call(`${A}second-factor/`, { bearer: account.bearer })).json(),
    )
    expect(status.recovery_codes_left).toBe(9)
  })

  it("counts wrong codes as failed sign-ins: past the limit, 429 even for the right code", async () => {
    const account = await withApp()
    const token = await challengeToken(fx.server, account.email, "second_factor")
    for (let i = 0; i < 4; i++) expect((await verify(token, "000000")).status).toBe(400)
    midStep()
    const locked = await verify(token, code(account.secret))
    expect(locked.status).toBe(429)
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/)
    // Each refusal is in the owner's sign-in history.
    await fx.server.app.services.auth.background.drain()
    const history = await fx.server.call(`${A}sign-ins/`, { bearer: account.bearer })
    const outcomes = Schema.decodeUnknownSync(SignInList)(await history.json()).results.map((r) => r.outcome)
    expect(outcomes.filter((o) => o === "failed")).toHaveLength(4)
    expect(outcomes[0]).toBe("locked")
    fx.server.clock.advance(61_000)
  })

  it("refuses a challenge used after it expired", async () => {
    const account = await withApp()
    const token = await challengeToken(fx.server, account.email, "second_factor")
    fx.server.clock.advance(fx.server.config.secondFactor.challengeSeconds * 1000 + 1000)
    midStep()
    const late = await verify(token, code(account.secret))
    expect(late.status).toBe(401)
    expect(await detailOf(late)).toBe(SECOND_FACTOR_MESSAGES.challengeInvalid)
  })

  it("trusts this browser when asked, until forgotten", async () => {
    const account = await withApp()
    const first = await passwordStep(fx.server, account.email)
    if (!("challenge" in first.outcome)) throw new Error("expected a challenge")
    midStep()
    const trusted = await verify(first.outcome.challenge.token, code(account.secret), { trust_browser: true })
    expect(trusted.status).toBe(200)
    const { access } = Schema.decodeUnknownSync(LoginResponse)(await trusted.json())
    const device = cookieFrom(trusted, "device") ?? ""
    const status = Schema.decodeUnknownSync(SecondFactorStatus)(
      await (await fx.server.call(`${A}second-factor/`, { bearer: access })).json(),
    )
    const until = Date.parse(status.trusted_browser_until ?? "")
    expect(until - fx.server.clock.now()).toBeGreaterThan(29 * 86_400_000)
    // With the cookie: the session at once, and the trust moves to the new cookie.
    const skip = await passwordStep(fx.server, account.email, device)
    expect(skip.outcome).toHaveProperty("access")
    const again = await passwordStep(fx.server, account.email, skip.device ?? "")
    expect(again.outcome).toHaveProperty("access")
    if (!("access" in again.outcome)) return
    // Without it, or once forgotten: the second factor again.
    expect((await passwordStep(fx.server, account.email)).outcome).toHaveProperty("challenge")
    const forget = await fx.server.call(`${A}trusted-browser/`, {
      method: "DELETE",
      bearer: again.outcome.access,
    })
    expect(forget.status).toBe(200)
    expect((await passwordStep(fx.server, account.email, again.device ?? "")).outcome).toHaveProperty(
      "challenge",
    )
  })

  it("removes the app with the password, and regenerates recovery codes", async () => {
    const account = await withApp()
    const bearer = account.bearer
    const wrong = await fx.server.call(`${A}recovery-codes/`, { json: { password: "not it" }, bearer })
    expect(wrong.status).toBe(400)
    const fresh = await fx.server.call(`${A}recovery-codes/`, { json: { password: PASSWORD }, bearer })
    const { recovery_codes } = Schema.decodeUnknownSync(RecoveryCodes)(await fresh.json())
    spoken.push(...recovery_codes)
    expect(recovery_codes).not.toContain(account.recovery[0])
    const removed = await fx.server.call(`${A}totp/`, {
      method: "DELETE",
      json: { password: PASSWORD },
      bearer,
    })
    expect(removed.status).toBe(200)
    expect((await passwordStep(fx.server, account.email)).outcome).toHaveProperty("access")
    expect((await securityNotices(fx.server, account.id)).map((n) => n.title)).toContain(
      "Authenticator app removed",
    )
  })

  it("never writes a code, a secret or a challenge token to the log", async () => {
    const account = await withApp()
    const token = await challengeToken(fx.server, account.email, "second_factor")
    await verify(token, "123456")
    const logs = fx.server.logs()
    expect(logs.length).toBeGreaterThan(0)
    for (const secret of [...secrets, token, ...spoken.filter((s) => s.length > 6)])
      expect(logs).not.toContain(secret)
  })
})
