import { afterEach, describe, expect, it } from "vitest"
import { waitFor } from "xstate"
import { REFRESH_FAILED } from "../../src/machines/auth/refresh.machine"
import { Failure } from "../../src/schema/system/failure"
import { fakeAuthServer, json } from "./fake-auth-server"
import { startSession } from "./session-system"

// The refresh queue (docs/behaviour.md#refresh-queue), walked with the real Api, RefreshGate and machines
// against a fake fetch.

let session: ReturnType<typeof startSession> | undefined
afterEach(async () => {
  await session?.dispose()
  session = undefined
})

async function signedIn(server = fakeAuthServer()) {
  session = startSession(server)
  await session.signedIn()
  return { server, session }
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => i)

describe("401 → one refresh → one replay", () => {
  it("100 concurrent requests that all get a 401 cause exactly one refresh, and each is replayed once", async () => {
    const { server, session } = await signedIn()
    expect(server.state.refreshes).toBe(1) // the silent refresh at start
    server.expire()
    const results = await Promise.all(ids(100).map((i) => session.get(i)))

    expect(server.state.refreshes).toBe(2)
    for (const [i, result] of results.entries()) {
      expect(result).toEqual({ value: { ok: String(i) } })
      expect(server.state.calls.get(String(i))).toBe(2)
      expect(server.state.auths.get(String(i))?.[1]).toBe(`Bearer ${server.validToken}`)
    }
    expect(session.auth.getSnapshot().context).toMatchObject({
      accessToken: server.validToken,
      status: "AUTHENTICATED",
    })
  })

  it("a failed refresh rejects every waiter, and the session ends with the refresh error", async () => {
    const { server, session } = await signedIn()
    server.expire()
    server.revokeRefresh()
    const results = await Promise.all(ids(100).map((i) => session.get(i)))

    expect(server.state.refreshes).toBe(2) // the refresh call's own 401 starts no refresh
    for (const result of results) {
      const error = "error" in result ? result.error : null
      expect(error).toBeInstanceOf(Failure)
      expect(error).toMatchObject({ status: 401, message: REFRESH_FAILED })
    }
    for (const i of ids(100)) expect(server.state.calls.get(String(i))).toBe(1)
    expect(session.auth.getSnapshot().context).toEqual({
      user: null,
      accessToken: null,
      status: "UNAUTHENTICATED",
      error: "Refresh token expired or invalid.",
      isAuthenticated: false,
      profileLoaded: false,
      challenge: null,
      enrolment: null,
      setUp: null,
    })
  })

  it("a replay that gets a 401 again fails, without a second refresh", async () => {
    const { server, session } = await signedIn()
    server.state.things = (id) => (id === "stubborn" ? json(401, { detail: "Still no." }) : undefined)
    const result = await session.get("stubborn")

    expect(result).toEqual({ error: expect.objectContaining({ status: 401, detail: "Still no." }) })
    expect(server.state.calls.get("stubborn")).toBe(2)
    expect(server.state.refreshes).toBe(2)
  })

  it("a query whose replay meets a 5xx is retried once, still behind the one refresh", async () => {
    const { server, session } = await signedIn()
    server.expire()
    server.state.things = (_id, call) => (call === 2 ? json(503, { detail: "Restarting" }) : undefined)
    const result = await session.get("flaky")

    expect(result).toEqual({ value: { ok: "flaky" } })
    expect(server.state.calls.get("flaky")).toBe(3)
    expect(server.state.refreshes).toBe(2)
  })

  it("a request that was answered 401 after the token changed replays with it, without a refresh", async () => {
    const { server, session } = await signedIn()
    const before = server.validToken
    // The server accepts only the next token; the client learns it while the first call is in flight.
    server.state.things = (_id, call) => {
      if (call === 1) session.auth.send({ type: "auth.setAccessToken", token: "t-new" })
      return undefined
    }
    server.expire()
    const result = await session.get("late")

    expect(result).toHaveProperty("error.status", 401) // "t-new" is not valid either: the replay's 401 is final
    expect(server.state.auths.get("late")).toEqual([`Bearer ${before}`, "Bearer t-new"])
    expect(server.state.refreshes).toBe(1)
  })
})

describe("calls that never refresh", () => {
  it("a failed login is an answer, not a reason to refresh, and shows the server's detail", async () => {
    const server = fakeAuthServer()
    server.revokeRefresh()
    session = startSession(server)
    await waitFor(session.auth, (s) => s.matches({ UNAUTHENTICATED: "idle" }))
    expect(server.state.refreshes).toBe(1) // the silent refresh's 401 starts no second one

    session.auth.send({ type: "auth.login", email: "c@example.com", password: "wrong" })
    await waitFor(session.auth, (s) => s.matches("ERROR"))
    expect(server.state.logins).toBe(1)
    expect(server.state.refreshes).toBe(1)
    expect(session.auth.getSnapshot().context).toMatchObject({
      status: "ERROR",
      error: "Invalid email or password.",
      isAuthenticated: false,
    })
  })

  it("login and refresh carry no bearer header; other calls do", async () => {
    const seen: Array<[string, string | null]> = []
    const server = fakeAuthServer()
    const spy = fakeAuthServer()
    spy.fetch = async (input, init) => {
      seen.push([new URL(String(input)).pathname, new Headers(init?.headers).get("Authorization")])
      return server.fetch(input, init)
    }
    session = startSession(spy)
    await session.signedIn()
    session.auth.send({ type: "auth.logout" })
    session.auth.send({ type: "auth.login", email: "c@example.com", password: "pw" })
    await waitFor(session.auth, (s) => s.matches("ERROR"))

    expect(seen).toEqual([
      ["/api/company/token/refresh/", null],
      ["/api/company/user/", `Bearer ${server.validToken}`],
      ["/api/company/logout/", null],
      ["/api/company/login/", null],
    ])
  })
})
