// Passkeys over HTTP, with real WebAuthn responses from a software authenticator (./authenticator.ts): added
// and named, renamed, removed; a passwordless sign-in (both factors: the user must be verified) and a passkey
// as the second factor. Refused: a replayed response, a challenge used after it expired, a passkey answering
// for another relying party or from another origin, a removed passkey, and the last factor the policy needs.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { PASSKEY_MESSAGES, Passkey } from "../../../src/schema/accounts/passkeys"
import { SECOND_FACTOR_MESSAGES, SecondFactorStatus } from "../../../src/schema/accounts/second-factor"
import { CreationOptionsJSON, RequestOptionsJSON } from "../../../src/schema/accounts/webauthn"
import { LoginResponse } from "../../../src/schema/auth/auth"
import { cookieFrom } from "../harness"
import type { Forgery, SoftAuthenticator } from "./authenticator"
import { secondFactorServer } from "./fixture"
import { bearerOf, challengeToken, detailOf, freshAccount, passwordStep, securityNotices } from "./helpers"

const A = "/api/company/account/"
const SIGN_IN = "/api/company/passkeys/sign-in/"

describe("passkeys", () => {
  const fx = secondFactorServer()
  const { authenticator } = fx

  /** Adds a passkey made by `key` to the account of `bearer`: the answer. */
  const add = async (bearer: string, key: SoftAuthenticator, name = "Laptop", forgery: Forgery = {}) => {
    const options = Schema.decodeUnknownSync(CreationOptionsJSON)(
      await (await fx.server.call(`${A}passkeys/options/`, { method: "POST", bearer })).json(),
    )
    return fx.server.call(`${A}passkeys/`, {
      json: { name, response: key.register(options, forgery) },
      bearer,
    })
  }
  const withPasskey = async (category = "support") => {
    const account = await freshAccount(fx.server, category)
    const bearer = await bearerOf(fx.server, account.email)
    const key = authenticator()
    const added = await add(bearer, key)
    expect(added.status).toBe(201)
    return { ...account, bearer, key, passkey: Schema.decodeUnknownSync(Passkey)(await added.json()) }
  }
  const signInOptions = async () =>
    Schema.decodeUnknownSync(RequestOptionsJSON)(
      await (await fx.server.call(`${SIGN_IN}options/`, { method: "POST" })).json(),
    )
  const signIn = (response: unknown) => fx.server.call(SIGN_IN, { json: { response } })

  it("adds a named passkey (a discoverable credential), lists, renames it; told to its owner", async () => {
    const account = await freshAccount(fx.server)
    const bearer = await bearerOf(fx.server, account.email)
    const options = Schema.decodeUnknownSync(CreationOptionsJSON)(
      await (await fx.server.call(`${A}passkeys/options/`, { method: "POST", bearer })).json(),
    )
    expect(options.authenticatorSelection?.residentKey).toBe("required")
    expect(options.rp.id).toBe(new URL(fx.server.url).hostname)
    const key = authenticator()
    const response = key.register(options)
    const added = await fx.server.call(`${A}passkeys/`, { json: { name: "Work laptop", response }, bearer })
    expect(added.status).toBe(201)
    const passkey = Schema.decodeUnknownSync(Passkey)(await added.json())
    expect(passkey).toMatchObject({ name: "Work laptop", last_used_at: null })
    // The same registration again: its challenge was taken.
    expect(
      (await fx.server.call(`${A}passkeys/`, { json: { name: "Again", response }, bearer })).status,
    ).toBe(400)
    const renamed = await fx.server.call(`${A}passkeys/${passkey.id}/`, {
      method: "PATCH",
      json: { name: "Old laptop" },
      bearer,
    })
    expect(Schema.decodeUnknownSync(Passkey)(await renamed.json()).name).toBe("Old laptop")
    const status = Schema.decodeUnknownSync(SecondFactorStatus)(
      await (await fx.server.call(`${A}second-factor/`, { bearer })).json(),
    )
    expect(status.passkeys.map((p) => p.name)).toEqual(["Old laptop"])
    expect((await securityNotices(fx.server, account.id)).map((n) => n.title)).toContain("Passkey added")
    // Nobody else's: another account gets a 404.
    const other = await bearerOf(fx.server, (await freshAccount(fx.server)).email)
    const foreign = await fx.server.call(`${A}passkeys/${passkey.id}/`, {
      method: "PATCH",
      json: { name: "Mine" },
      bearer: other,
    })
    expect(foreign.status).toBe(404)
  })

  it("refuses a passkey made for another relying party or origin", async () => {
    const account = await freshAccount(fx.server)
    const bearer = await bearerOf(fx.server, account.email)
    expect((await add(bearer, authenticator(), "X", { rpId: "evil.example" })).status).toBe(400)
    expect((await add(bearer, authenticator(), "X", { origin: "https://evil.example" })).status).toBe(400)
  })

  it("signs in without a password, once per challenge", async () => {
    const account = await withPasskey()
    const options = await signInOptions()
    expect(options.allowCredentials ?? []).toEqual([])
    const response = account.key.assert(options)
    const ok = await signIn(response)
    expect(ok.status).toBe(200)
    expect(Schema.decodeUnknownSync(LoginResponse)(await ok.json()).user.email).toBe(account.email)
    expect(cookieFrom(ok)).not.toBeNull()
    // Replayed: refused.
    const replay = await signIn(response)
    expect(replay.status).toBe(401)
    expect(await detailOf(replay)).toBe(PASSKEY_MESSAGES.notVerified)
    const status = Schema.decodeUnknownSync(SecondFactorStatus)(
      await (await fx.server.call(`${A}second-factor/`, { bearer: account.bearer })).json(),
    )
    expect(status.passkeys[0]?.last_used_at).not.toBeNull()
  })

  it("refuses a challenge used after it expired, another relying party or origin, and no user verification", async () => {
    const account = await withPasskey()
    const late = await signInOptions()
    fx.server.clock.advance(fx.server.config.secondFactor.webauthnChallengeSeconds * 1000 + 1000)
    expect((await signIn(account.key.assert(late))).status).toBe(401)
    expect((await signIn(account.key.assert(await signInOptions(), { rpId: "evil.example" }))).status).toBe(
      401,
    )
    expect(
      (await signIn(account.key.assert(await signInOptions(), { origin: "https://evil.example" }))).status,
    ).toBe(401)
    expect((await signIn(account.key.assert(await signInOptions(), { userVerified: false }))).status).toBe(
      401,
    )
    expect((await signIn(account.key.assert(await signInOptions()))).status).toBe(200)
  })

  it("refuses a removed passkey", async () => {
    const account = await withPasskey()
    const removed = await fx.server.call(`${A}passkeys/${account.passkey.id}/`, {
      method: "DELETE",
      bearer: account.bearer,
    })
    expect(removed.status).toBe(200)
    expect((await signIn(account.key.assert(await signInOptions()))).status).toBe(401)
    expect((await securityNotices(fx.server, account.id)).map((n) => n.title)).toContain("Passkey removed")
    expect(
      (
        await fx.server.call(`${A}passkeys/${account.passkey.id}/`, {
          method: "DELETE",
          bearer: account.bearer,
        })
      ).status,
    ).toBe(404)
  })

  it("is asked for as the second factor after the password, and completes it", async () => {
    const account = await withPasskey()
    const first = await passwordStep(fx.server, account.email)
    expect(first.outcome).toMatchObject({ challenge: { kind: "second_factor", methods: ["passkey"] } })
    const token = await challengeToken(fx.server, account.email, "second_factor")
    const options = Schema.decodeUnknownSync(RequestOptionsJSON)(
      await (
        await fx.server.call("/api/company/login/second-factor/passkey/options/", { json: { token } })
      ).json(),
    )
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([account.key.id])
    // Another account's passkey does not complete this sign-in, and counts as a failed one.
    const stranger = await withPasskey()
    const wrong = await fx.server.call("/api/company/login/second-factor/passkey/", {
      json: { token, response: stranger.key.assert(options), trust_browser: false },
    })
    expect(wrong.status).toBe(400)
    const ok = await fx.server.call("/api/company/login/second-factor/passkey/", {
      json: { token, response: account.key.assert(options, { userVerified: false }), trust_browser: false },
    })
    expect(ok.status).toBe(200)
    expect(Schema.decodeUnknownSync(LoginResponse)(await ok.json()).user.email).toBe(account.email)
  })

  it("keeps the last passkey while the policy requires a factor", async () => {
    const account = await withPasskey("auditor")
    await fx.setPolicy(["auditor"])
    const refused = await fx.server.call(`${A}passkeys/${account.passkey.id}/`, {
      method: "DELETE",
      bearer: account.bearer,
    })
    expect(refused.status).toBe(409)
    expect(await detailOf(refused)).toBe(SECOND_FACTOR_MESSAGES.lastRequired)
    await fx.setPolicy([])
  })
})

describe("passwordless sign-in limits", () => {
  const fx = secondFactorServer({ config: { loginLimitPerIp: { max: 3, windowMs: 60_000 } } })

  it("counts failed passkey sign-ins against the address: past the limit, 429", async () => {
    const key = fx.authenticator()
    const attempt = async () => {
      const options = Schema.decodeUnknownSync(RequestOptionsJSON)(
        await (await fx.server.call(`${SIGN_IN}options/`, { method: "POST" })).json(),
      )
      // A passkey this server has never seen.
      return (await fx.server.call(SIGN_IN, { json: { response: key.assert(options) } })).status
    }
    expect([await attempt(), await attempt(), await attempt()]).toEqual([401, 401, 401])
    expect(await attempt()).toBe(429)
  })
})
