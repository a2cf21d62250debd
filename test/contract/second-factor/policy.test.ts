// The admins' policy over HTTP: off by default (every demo account signs in with its password alone); once a
// category is required, an account of it without a factor sets one up right after its password, before
// anything else; its last factor cannot be removed; an admin's reset removes every factor, is kept in the
// account's history and told to its owner. A passkey may be that factor instead of the app.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { DEMO_USERS } from "../../../server/auth/seed"
import { PASSKEY_MESSAGES } from "../../../src/schema/accounts/passkeys"
import {
  SECOND_FACTOR_MESSAGES,
  SecondFactorPolicy,
  SetupSignIn,
  TotpSetup,
} from "../../../src/schema/accounts/second-factor"
import { CreationOptionsJSON } from "../../../src/schema/accounts/webauthn"
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

const POLICY = "/api/company/staff/second-factor-policy/"

describe("the second-factor policy", () => {
  const fx = secondFactorServer()
  const { setPolicy } = fx

  /** Signs an account of a required category in by setting up its app at sign-in. */
  const setUpAtSignIn = async (email: string) => {
    const token = await challengeToken(fx.server, email, "setup_required")
    // The token allows the setup only: not a second-factor step.
    const wrongStep = await fx.server.call("/api/company/login/second-factor/", {
      json: { token, code: "123456", method: "totp", trust_browser: false },
    })
    expect(wrongStep.status).toBe(401)
    const setup = Schema.decodeUnknownSync(TotpSetup)(
      await (await fx.server.call("/api/company/login/setup/totp/", { json: { token } })).json(),
    )
    fx.midStep()
    const wrong = await fx.server.call("/api/company/login/setup/totp/confirm/", {
      json: { token, code: "000000" },
    })
    expect(wrong.status).toBe(400)
    const done = await fx.server.call("/api/company/login/setup/totp/confirm/", {
      json: { token, code: totpAt(setup.secret, fx.server.clock.now()) },
    })
    expect(done.status).toBe(200)
    fx.server.clock.advance(STEP_MS)
    return { ...Schema.decodeUnknownSync(SetupSignIn)(await done.json()), secret: setup.secret }
  }

  it("is off by default: every demo account signs in with its password alone", async () => {
    const policy = Schema.decodeUnknownSync(SecondFactorPolicy)(
      await (await fx.server.call(POLICY, { bearer: fx.admin })).json(),
    )
    expect(policy.required).toEqual([])
    for (const demo of DEMO_USERS) {
      const response = await fx.server.call("/api/company/login/", {
        json: { email: demo.email, password: demo.password },
      })
      expect(Object.keys(await response.json()).sort()).toEqual(["access", "user"])
    }
  })

  it("refuses a category that is not plain text, and keeps the policy as it was", async () => {
    for (const required of [["\u007f"], ["a\tb"]]) {
      const response = await setPolicy(required)
      expect(response.status, JSON.stringify(required)).toBe(400)
      expect(await detailOf(response)).toContain(SECOND_FACTOR_MESSAGES.categoryNotText)
    }
    // Two lone surrogate halves are two strings here but one character (U+FFFD) once stored: the decoder
    // refuses them, as it does in every body.
    const halves = await setPolicy(["\ud800", "\udc00"])
    expect(halves.status).toBe(400)
    expect(await detailOf(halves)).toBe("required.0: Text must not contain half of a surrogate pair.")
    const policy = Schema.decodeUnknownSync(SecondFactorPolicy)(
      await (await fx.server.call(POLICY, { bearer: fx.admin })).json(),
    )
    expect(policy.required).toEqual([])
  })

  it("is for admins only", async () => {
    const coordinator = (await fx.server.login(DEMO_USERS[1].email, DEMO_USERS[1].password)).access
    expect((await fx.server.call(POLICY, { bearer: coordinator })).status).toBe(403)
    expect((await setPolicy(["support"], coordinator)).status).toBe(403)
    expect((await fx.server.call(POLICY)).status).toBe(401)
  })

  it("takes an account that must have a factor to its setup right after the password", async () => {
    const account = await freshAccount(fx.server, "auditor")
    expect(Schema.decodeUnknownSync(SecondFactorPolicy)(await (await setPolicy(["auditor"])).json())).toEqual(
      {
        required: ["auditor"],
      },
    )
    const signedIn = await setUpAtSignIn(account.email)
    expect(signedIn.recovery_codes).toHaveLength(10)
    expect(signedIn.user.email).toBe(account.email)
    // The setup made it an account with a factor: the next sign-in asks for it.
    expect((await passwordStep(fx.server, account.email)).outcome).toMatchObject({
      challenge: { kind: "second_factor" },
    })
    // Its last factor cannot go while the policy requires one.
    const remove = await fx.server.call("/api/company/account/totp/", {
      method: "DELETE",
      json: { password: PASSWORD },
      bearer: signedIn.access,
    })
    expect(remove.status).toBe(409)
    expect(await detailOf(remove)).toBe(SECOND_FACTOR_MESSAGES.lastRequired)
    await setPolicy([])
  })

  it("lets an account that must have a factor add a passkey at sign-in instead, which completes it", async () => {
    const account = await freshAccount(fx.server, "auditor")
    await setPolicy(["auditor"])
    const token = await challengeToken(fx.server, account.email, "setup_required")
    const optionsFor = (body: unknown) =>
      fx.server.call("/api/company/login/setup/passkey/options/", { json: body })
    expect((await optionsFor({ token: "not-a-token" })).status).toBe(401)
    const options = Schema.decodeUnknownSync(CreationOptionsJSON)(await (await optionsFor({ token })).json())
    expect(options.user.name).toBe(account.email)
    expect(options.authenticatorSelection?.residentKey).toBe("required")
    const key = fx.authenticator()
    const add = (name: string, response: unknown) =>
      fx.server.call("/api/company/login/setup/passkey/", { json: { token, name, response } })
    // Made for another relying party: refused, and the sign-in still waits for its factor.
    const forged = await add("Laptop", key.register(options, { rpId: "evil.example" }))
    expect(forged.status).toBe(400)
    expect(await detailOf(forged)).toBe(PASSKEY_MESSAGES.notVerified)
    const done = await add("Laptop", key.register(await (await optionsFor({ token })).json()))
    expect(done.status).toBe(200)
    expect(cookieFrom(done)).not.toBeNull()
    expect(Schema.decodeUnknownSync(LoginResponse)(await done.json()).user.email).toBe(account.email)
    // The token was taken with it.
    expect((await optionsFor({ token })).status).toBe(401)
    expect((await securityNotices(fx.server, account.id)).map((n) => n.title)).toContain("Passkey added")
    // The next sign-in asks for that passkey, and its token is no set-up token.
    const next = (await passwordStep(fx.server, account.email)).outcome
    expect(next).toMatchObject({ challenge: { kind: "second_factor", methods: ["passkey"] } })
    if ("challenge" in next) expect((await optionsFor({ token: next.challenge.token })).status).toBe(401)
    await setPolicy([])
  })

  it("lets an admin reset someone's factors: history, notice, and setup again under the policy", async () => {
    const account = await freshAccount(fx.server, "auditor")
    await setPolicy(["auditor"])
    await setUpAtSignIn(account.email)
    const missing = await fx.server.call("/api/company/staff/999999/second-factor/reset/", {
      json: {},
      bearer: fx.admin,
    })
    expect(missing.status).toBe(404)
    const reset = await fx.server.call(`/api/company/staff/${account.id}/second-factor/reset/`, {
      json: { reason: "Lost phone" },
      bearer: fx.admin,
    })
    expect(reset.status).toBe(200)
    const history = await fx.server.database.db
      .selectFrom("account_event")
      .select(["kind", "detail"])
      .where("user_id", "=", account.id)
      .execute()
    expect(history).toContainEqual({
      kind: "second_factor_reset",
      detail: "Second factors reset: Lost phone",
    })
    expect((await securityNotices(fx.server, account.id)).map((n) => n.title)).toContain(
      "Your second factors were reset",
    )
    await challengeToken(fx.server, account.email, "setup_required")
    await setPolicy([])
    // Policy off and no factor: the password alone again.
    expect(await bearerOf(fx.server, account.email)).toMatch(/\S/)
  })
})
