// Your own account over HTTP: any signed-in user (a read-only one included) lists their sessions and sign-ins,
// signs sessions out and changes their password; nobody reaches another account's session (404); every
// account notice reaches the account concerned: a new browser and system, a session signed out by another,
// a password changed, a welcome after an invitation.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SECURITY_NOTICES, WELCOME } from "../../../server/accounts/account-notices"
import { createAccountWithPassword } from "../../../server/accounts/create-account"
import { PASSWORD_CHANGE_MESSAGES } from "../../../server/accounts/password-change"
import { PASSWORD_RULES } from "../../../src/schema/accounts/password-rules"
import { InvitationIssued } from "../../../src/schema/accounts/staff"
import { OwnSessionList, SignedOut, SignInList } from "../../../src/schema/accounts/user-settings"
import { LoginResponse } from "../../../src/schema/auth/auth"
import { SOCKET_CLOSE } from "../../../src/schema/live/socket"
import { ErrorBody } from "../../../src/schema/system/errors"
import { cookieFrom, startServer, type TestServer } from "../harness"
import { openSocket, type TestSocket } from "../notifications-socket-client"

const A = "/api/company/account/"
const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
const PASSWORD = "quiet harbour lantern"

const detailOf = async (response: Response): Promise<string> =>
  Schema.decodeUnknownSync(ErrorBody)(await response.json()).detail

const sockets: TestSocket[] = []
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()))
})

describe("your own account", () => {
  let server: TestServer
  let seq = 0
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.close())

  /** A fresh account of its own per test, so that sessions and notices never mix between tests. */
  const account = async (category = "support") => {
    seq += 1
    const email = `own${seq}@firm.example`
    const user = await createAccountWithPassword(
      server.database.db,
      server.app.services.auth.passwords.hash,
      {
        email,
        fullName: `Own ${seq}`,
        category,
        actorId: null,
        now: new Date(),
        password: PASSWORD,
      },
    )
    return { id: user.id, email }
  }
  const signIn = async (email: string, userAgent = CHROME_LINUX, password = PASSWORD) => {
    const response = await server.call("/api/company/login/", {
      json: { email, password },
      headers: { "user-agent": userAgent },
    })
    if (response.status !== 200) throw new Error(`login ${email}: ${response.status}`)
    const body = Schema.decodeUnknownSync(LoginResponse)(await response.json())
    return { access: body.access, cookie: cookieFrom(response) ?? "" }
  }
  const sessions = async (bearer: string) =>
    Schema.decodeUnknownSync(OwnSessionList)(await (await server.call(`${A}sessions/`, { bearer })).json())
      .results
  const signIns = async (bearer: string) => {
    await server.app.services.auth.background.drain()
    return Schema.decodeUnknownSync(SignInList)(await (await server.call(`${A}sign-ins/`, { bearer })).json())
      .results
  }
  const notices = (userId: number, type: "security" | "welcome") =>
    server.database.db
      .selectFrom("notification")
      .select(["title", "message", "action_url"])
      .where("user_id", "=", userId)
      .where("notification_type", "=", type)
      .orderBy("id")
      .execute()
  const me = (bearer: string) => server.call("/api/company/user/", { bearer }).then((r) => r.status)
  const connect = async (token: string) => {
    const socket = openSocket(server.url, { token, origin: server.url })
    sockets.push(socket)
    await socket.next("connection_established")
    return socket
  }

  it("answers 401 to a caller without a session, on every endpoint", async () => {
    const calls = [
      server.call(`${A}sessions/`),
      server.call(`${A}sign-ins/`),
      server.call(`${A}sessions/sign-out-others/`, { method: "POST" }),
      server.call(`${A}sessions/00000000-0000-4000-8000-000000000000/sign-out/`, { method: "POST" }),
      server.call(`${A}password/`, { json: { current_password: "a", new_password: "b" } }),
    ]
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401)
  })

  it("lists a read-only user's sessions with browser, system and address, this one marked", async () => {
    const { email } = await account()
    const phone = await signIn(email, SAFARI_IPHONE)
    const laptop = await signIn(email, CHROME_LINUX)
    const listed = await sessions(laptop.access)
    expect(listed).toHaveLength(2)
    const current = listed.find((s) => s.current)
    expect(current).toMatchObject({ browser: "Chrome", system: "Linux", address: "127.0.0.1" })
    expect(listed.find((s) => !s.current)).toMatchObject({ browser: "Safari", system: "iOS" })
    expect((await sessions(phone.access)).find((s) => s.current)?.browser).toBe("Safari")
  })

  it("signs one session out: its tokens and socket end, and the account is told on the sessions left", async () => {
    const { id, email } = await account()
    const laptop = await signIn(email, CHROME_LINUX)
    const phone = await signIn(email, SAFARI_IPHONE)
    const phoneSocket = await connect(phone.access)
    const laptopSocket = await connect(laptop.access)
    const phoneId = (await sessions(laptop.access)).find((s) => !s.current)?.id ?? ""

    const out = await server.call(`${A}sessions/${phoneId}/sign-out/`, {
      method: "POST",
      bearer: laptop.access,
    })
    expect(out.status).toBe(200)
    expect(Schema.decodeUnknownSync(SignedOut)(await out.json()).signed_out).toBe(1)
    expect(await me(phone.access)).toBe(401)
    expect(await phoneSocket.closed).toEqual({
      code: SOCKET_CLOSE.sessionRevoked.code,
      reason: "session signed out",
    })
    const refresh = await server.call("/api/company/token/refresh/", {
      method: "POST",
      cookie: phone.cookie,
      origin: server.origin,
    })
    expect(refresh.status).toBe(401)
    expect(await me(laptop.access)).toBe(200)

    const told = SECURITY_NOTICES.sessionSignedOut(
      { browser: "Safari", system: "iOS", address: "127.0.0.1" },
      { browser: "Chrome", system: "Linux", address: "127.0.0.1" },
    )
    const live = await laptopSocket.next(
      "notification",
      (m) => m.notification.notification_type === "security",
    )
    expect(live.notification).toMatchObject({
      title: told.title,
      message: told.message,
      action_url: "/user-settings",
    })
    expect((await notices(id, "security")).map((n) => n.title)).toContain(told.title)
    // Gone from the list, and a second sign-out of it finds nothing.
    expect((await sessions(laptop.access)).map((s) => s.id)).not.toContain(phoneId)
    const again = await server.call(`${A}sessions/${phoneId}/sign-out/`, {
      method: "POST",
      bearer: laptop.access,
    })
    expect(again.status).toBe(404)
  })

  it("never reaches another account's session: 404, and that session lives on", async () => {
    const mine = await account()
    const theirs = await account("admin")
    const me1 = await signIn(mine.email)
    const them = await signIn(theirs.email)
    const theirId = (await sessions(them.access))[0]?.id ?? ""
    const response = await server.call(`${A}sessions/${theirId}/sign-out/`, {
      method: "POST",
      bearer: me1.access,
    })
    expect(response.status).toBe(404)
    expect(await detailOf(response)).toMatch(/No such session/)
    expect(await me(them.access)).toBe(200)
    for (const junk of ["abc", "00000000-0000-4000-8000-000000000000", "%27%20or%201%3D1"]) {
      const r = await server.call(`${A}sessions/${junk}/sign-out/`, { method: "POST", bearer: me1.access })
      expect(r.status).toBe(404)
    }
  })

  it("signs out every other session and keeps this one", async () => {
    const { email } = await account()
    const a = await signIn(email)
    const b = await signIn(email, FIREFOX_WINDOWS)
    const c = await signIn(email, SAFARI_IPHONE)
    const out = await server.call(`${A}sessions/sign-out-others/`, { method: "POST", bearer: a.access })
    expect(Schema.decodeUnknownSync(SignedOut)(await out.json()).signed_out).toBe(2)
    expect([await me(a.access), await me(b.access), await me(c.access)]).toEqual([200, 401, 401])
    expect((await sessions(a.access)).map((s) => s.current)).toEqual([true])
  })

  it("changes the password: the current one asked, the rules named, other sessions signed out", async () => {
    const { id, email } = await account()
    const here = await signIn(email)
    const there = await signIn(email, FIREFOX_WINDOWS)
    const change = (current_password: string, new_password: string) =>
      server.call(`${A}password/`, { bearer: here.access, json: { current_password, new_password } })

    const wrong = await change("not my password", "a brand new passphrase")
    expect(wrong.status).toBe(400)
    expect(await detailOf(wrong)).toBe(PASSWORD_CHANGE_MESSAGES.wrongCurrent)
    const short = await change(PASSWORD, "short one")
    expect(await detailOf(short)).toBe(PASSWORD_RULES.tooShort)
    const common = await change(PASSWORD, "password1234")
    expect(await detailOf(common)).toBe(PASSWORD_RULES.common)
    const named = await change(PASSWORD, `${email.split("@")[0]} is my name here`)
    expect(await detailOf(named)).toBe(PASSWORD_RULES.containsName)
    expect(await me(there.access)).toBe(200)

    const done = await change(PASSWORD, "a brand new passphrase")
    expect(done.status).toBe(200)
    expect(Schema.decodeUnknownSync(SignedOut)(await done.json()).signed_out).toBe(1)
    expect(await me(here.access)).toBe(200)
    expect(await me(there.access)).toBe(401)
    const old = await server.call("/api/company/login/", { json: { email, password: PASSWORD } })
    expect(old.status).toBe(401)
    await signIn(email, CHROME_LINUX, "a brand new passphrase")
    const told = await notices(id, "security")
    expect(told.map((n) => n.title)).toContain(
      SECURITY_NOTICES.passwordChanged({ browser: "", system: "", address: "" }, 1).title,
    )
    const events = await server.database.db
      .selectFrom("account_event")
      .select("kind")
      .where("user_id", "=", id)
      .execute()
    expect(events.map((e) => e.kind)).toContain("password_changed")
  })

  it("records sign-ins and refused attempts with the account's email, newest first, at most 20", async () => {
    const { email } = await account()
    const session = await signIn(email, FIREFOX_WINDOWS)
    const refused = await server.call("/api/company/login/", {
      json: { email: email.toUpperCase(), password: "wrong guess here" },
      headers: { "user-agent": SAFARI_IPHONE },
    })
    expect(refused.status).toBe(401)
    const history = await signIns(session.access)
    expect(history.map((h) => [h.outcome, h.browser, h.system])).toEqual([
      ["failed", "Safari", "iOS"],
      ["succeeded", "Firefox", "Windows"],
    ])
    expect(history[0]?.address).toBe("127.0.0.1")
    for (let i = 0; i < 22; i += 1) await signIn(email)
    const full = await signIns(session.access)
    expect(full).toHaveLength(20)
    expect(full.every((h) => h.outcome === "succeeded")).toBe(true)
    // An email without an account records nothing anywhere.
    const before = await server.database.db.selectFrom("sign_in_attempt").select("id").execute()
    await server.call("/api/company/login/", { json: { email: "nobody@firm.example", password: "x" } })
    await server.app.services.auth.background.drain()
    expect(await server.database.db.selectFrom("sign_in_attempt").select("id").execute()).toHaveLength(
      before.length,
    )
  })

  it("tells of a sign-in from a browser and system not seen before, but not of the first or a known one", async () => {
    const { id, email } = await account()
    await signIn(email, CHROME_LINUX)
    await signIn(email, CHROME_LINUX)
    await signIn(email, "node")
    expect(await notices(id, "security")).toEqual([])
    await signIn(email, FIREFOX_WINDOWS)
    await signIn(email, FIREFOX_WINDOWS)
    const told = await notices(id, "security")
    const expected = SECURITY_NOTICES.newDevice({
      browser: "Firefox",
      system: "Windows",
      address: "127.0.0.1",
    })
    expect(told).toEqual([{ ...expected, action_url: "/user-settings" }])
  })

  it("welcomes an invited account once it has accepted, and lists that first session", async () => {
    const admin = (await server.login("admin@example.com", "admin-demo-1")).access
    const issued = Schema.decodeUnknownSync(InvitationIssued)(
      await (
        await server.call("/api/company/staff/invitations/", {
          bearer: admin,
          json: { email: "newcomer@firm.example", user_category: "support" },
        })
      ).json(),
    )
    const token = issued.invite_url.split("/invite/")[1] ?? ""
    const accepted = await server.call(`/api/company/invitations/${token}/accept/`, {
      json: { full_name: "New Comer", password: PASSWORD },
      headers: { "user-agent": CHROME_LINUX },
    })
    expect(accepted.status).toBe(200)
    const { access } = Schema.decodeUnknownSync(LoginResponse)(await accepted.json())
    const welcomed = await notices(issued.member.id, "welcome")
    expect(welcomed).toEqual([{ ...WELCOME, action_url: "/user-settings" }])
    expect((await sessions(access)).map((s) => [s.browser, s.current])).toEqual([["Chrome", true]])
    expect((await signIns(access)).map((s) => s.outcome)).toEqual(["succeeded"])
  })
})
