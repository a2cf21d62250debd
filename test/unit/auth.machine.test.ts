import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { authMachine } from "../../src/machines/auth/auth.machine"
import { type AuthContext, LOGIN_FAILED, type LoginOutcome } from "../../src/machines/auth/auth-context"
import type { LoginResponse, RefreshResponse, User } from "../../src/schema/auth/auth"
import { demoUser as user } from "./fake-auth-server"

// One test per auth-status rule (docs/behaviour.md#auth-status), on the real machine with scripted actors.

interface Script {
  refresh?: () => Promise<RefreshResponse>
  login?: () => Promise<LoginResponse>
  profile?: () => Promise<User>
  logout?: () => Promise<void>
}

const never = <T>() => new Promise<T>(() => {})

function start(script: Script = {}) {
  const calls = { refresh: 0, login: 0, profile: 0, logout: 0 }
  const counted = <T, I = unknown>(name: keyof typeof calls, answer: () => Promise<T>) =>
    fromPromise<T, I>(() => {
      calls[name] += 1
      return answer()
    })
  const machine = authMachine.provide({
    actors: {
      refreshToken: counted("refresh", script.refresh ?? never<RefreshResponse>),
      login: counted<LoginOutcome, { email: string; password: string }>(
        "login",
        script.login ?? never<LoginOutcome>,
      ),
      fetchProfile: counted("profile", script.profile ?? never<User>),
      logoutCall: counted("logout", script.logout ?? (async () => {})),
    },
  })
  const actor = createActor(machine).start()
  return { actor, calls, ctx: () => actor.getSnapshot().context }
}

const refreshOk = async () => ({ access: "t1" })
const refreshKo = async () => Promise.reject(new Error("no cookie"))
const noSignInStep = { challenge: null, enrolment: null, setUp: null }
const signedOut = {
  user: null,
  accessToken: null,
  isAuthenticated: false,
  profileLoaded: false,
  ...noSignInStep,
}

let warn: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {})
})
afterEach(() => warn.mockRestore())

describe("auth machine: auth status rules", () => {
  it("initial state: LOADING, no user, no token, not authenticated, profile not loaded", () => {
    const ctx: AuthContext = start().ctx()
    expect(ctx).toEqual({ ...signedOut, status: "LOADING", error: null })
  })

  it("on start, a silent refresh: success stores the token, sets AUTHENTICATED and loads the profile", async () => {
    const { actor, calls, ctx } = start({ refresh: refreshOk, profile: async () => user })
    await waitFor(actor, (s) => s.matches({ AUTHENTICATED: "ready" }))
    expect(ctx()).toEqual({
      user,
      accessToken: "t1",
      status: "AUTHENTICATED",
      error: null,
      isAuthenticated: true,
      profileLoaded: true,
      ...noSignInStep,
    })
    expect(calls).toMatchObject({ refresh: 1, profile: 1 })
  })

  it("a failed silent refresh logs out to UNAUTHENTICATED, with no error shown", async () => {
    const { actor, ctx } = start({ refresh: refreshKo })
    await waitFor(actor, (s) => s.matches({ UNAUTHENTICATED: "idle" }))
    expect(ctx()).toEqual({ ...signedOut, status: "UNAUTHENTICATED", error: null })
  })

  it("the silent refresh runs once only: signing out and in again does not repeat it", async () => {
    const { actor, calls } = start({ refresh: refreshOk, profile: async () => user, login: refreshKo })
    await waitFor(actor, (s) => s.matches({ AUTHENTICATED: "ready" }))
    actor.send({ type: "auth.logout" })
    actor.send({ type: "auth.login", email: "a@b.co", password: "x" })
    await waitFor(actor, (s) => s.matches("ERROR"))
    expect(calls.refresh).toBe(1)
  })

  it("login success: AUTHENTICATED with user, token and profile loaded", async () => {
    const { actor, ctx, calls } = start({ refresh: refreshKo, login: async () => ({ access: "t2", user }) })
    await waitFor(actor, (s) => s.matches("UNAUTHENTICATED"))
    actor.send({ type: "auth.login", email: "c@example.com", password: "pw" })
    await waitFor(actor, (s) => s.matches("AUTHENTICATED"))
    expect(ctx()).toMatchObject({
      user,
      accessToken: "t2",
      status: "AUTHENTICATED",
      isAuthenticated: true,
      profileLoaded: true,
    })
    expect(calls.login).toBe(1)
  })

  it("login failure: the server's detail, otherwise 'Login failed'; set loading clears it on the next try", async () => {
    let answer: unknown = { detail: "Invalid email or password." }
    const { actor, ctx } = start({ refresh: refreshKo, login: () => Promise.reject(answer) })
    await waitFor(actor, (s) => s.matches("UNAUTHENTICATED"))
    actor.send({ type: "auth.login", email: "a@b.co", password: "x" })
    await waitFor(actor, (s) => s.matches("ERROR"))
    expect(ctx()).toMatchObject({
      status: "ERROR",
      error: "Invalid email or password.",
      isAuthenticated: false,
    })

    answer = new Error("Failed to fetch")
    actor.send({ type: "auth.login", email: "a@b.co", password: "x" })
    expect(ctx()).toMatchObject({ status: "LOADING", error: null })
    await waitFor(actor, (s) => s.matches("ERROR"))
    expect(ctx().error).toBe(LOGIN_FAILED)
    expect(LOGIN_FAILED).toBe("Login failed")
  })

  it("set access token: AUTHENTICATED; when already signed in it replaces the token only", async () => {
    const { actor, calls, ctx } = start({ refresh: refreshOk, profile: async () => user })
    await waitFor(actor, (s) => s.matches({ AUTHENTICATED: "ready" }))
    actor.send({ type: "auth.setAccessToken", token: "t9" })
    expect(ctx()).toMatchObject({ accessToken: "t9", user, status: "AUTHENTICATED" })
    expect(actor.getSnapshot().matches({ AUTHENTICATED: "ready" })).toBe(true)
    expect(calls.profile).toBe(1)

    actor.send({ type: "auth.setError", error: "boom" })
    actor.send({ type: "auth.setAccessToken", token: "t10" })
    expect(ctx()).toMatchObject({ accessToken: "t10", status: "AUTHENTICATED", isAuthenticated: true })
  })

  it("set access token is ignored once signed out: a late refresh does not revive the session", async () => {
    const { actor, ctx } = start({ refresh: refreshKo })
    await waitFor(actor, (s) => s.matches("UNAUTHENTICATED"))
    actor.send({ type: "auth.setAccessToken", token: "late" })
    expect(ctx()).toMatchObject({ status: "UNAUTHENTICATED", accessToken: null })
  })

  it("set user: AUTHENTICATED and profile loaded, ending a profile fetch still in progress", async () => {
    const { actor, ctx } = start({ refresh: refreshOk })
    await waitFor(actor, (s) => s.matches({ AUTHENTICATED: "fetchingProfile" }))
    actor.send({ type: "auth.setUser", user })
    expect(ctx()).toMatchObject({ user, status: "AUTHENTICATED", profileLoaded: true })
    expect(actor.getSnapshot().matches({ AUTHENTICATED: "ready" })).toBe(true)
  })

  it("update user merges the given fields into the existing user, and needs one", async () => {
    const { actor, ctx } = start({ refresh: refreshOk, profile: async () => user })
    await waitFor(actor, (s) => s.matches({ AUTHENTICATED: "ready" }))
    actor.send({ type: "auth.updateUser", patch: { full_name: "New Name" } })
    expect(ctx().user).toEqual({ ...user, full_name: "New Name" })

    const out = start({ refresh: refreshKo })
    await waitFor(out.actor, (s) => s.matches("UNAUTHENTICATED"))
    out.actor.send({ type: "auth.updateUser", patch: { full_name: "Nobody" } })
    expect(out.ctx().user).toBeNull()
  })

  it("set error: ERROR and not authenticated; clear error removes only the error", async () => {
    const { actor, ctx } = start({ refresh: refreshOk, profile: async () => user })
    await waitFor(actor, (s) => s.matches({ AUTHENTICATED: "ready" }))
    actor.send({ type: "auth.setError", error: "boom" })
    const withError = ctx()
    expect(withError).toMatchObject({ status: "ERROR", isAuthenticated: false, error: "boom" })
    actor.send({ type: "auth.clearError" })
    expect(ctx()).toEqual({ ...withError, error: null })
  })

  it("profile attempted: three failures keep the session, warn once and mark the profile loaded", async () => {
    vi.useFakeTimers()
    try {
      const { actor, calls, ctx } = start({ refresh: refreshOk, profile: refreshKo as () => Promise<User> })
      await vi.runAllTimersAsync()
      expect(actor.getSnapshot().matches({ AUTHENTICATED: "ready" })).toBe(true)
      expect(ctx()).toMatchObject({
        status: "AUTHENTICATED",
        accessToken: "t1",
        user: null,
        profileLoaded: true,
      })
      expect(calls.profile).toBe(3)
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it("logout: reset to the initial values but UNAUTHENTICATED; the call's failure is ignored", async () => {
    const { actor, calls, ctx } = start({
      refresh: refreshOk,
      profile: async () => user,
      logout: () => Promise.reject(new Error("offline")),
    })
    await waitFor(actor, (s) => s.matches({ AUTHENTICATED: "ready" }))
    actor.send({ type: "auth.logout" })
    expect(ctx()).toEqual({ ...signedOut, status: "UNAUTHENTICATED", error: null })
    await waitFor(actor, (s) => s.matches({ UNAUTHENTICATED: "idle" }))
    expect(calls.logout).toBe(1)
    expect(ctx().status).toBe("UNAUTHENTICATED")
  })

  it("a failed queue refresh logs out and keeps 'Refresh token expired or invalid.' visible", async () => {
    const { actor, ctx } = start({ refresh: refreshOk, profile: async () => user })
    await waitFor(actor, (s) => s.matches({ AUTHENTICATED: "ready" }))
    actor.send({ type: "auth.forceLogout", error: "Refresh token expired or invalid." })
    expect(ctx()).toEqual({
      ...signedOut,
      status: "UNAUTHENTICATED",
      error: "Refresh token expired or invalid.",
    })
  })

  it("a failed queue refresh without a session changes nothing (the sign-in page keeps its own error)", async () => {
    const { actor, ctx } = start({ refresh: refreshKo, login: () => Promise.reject({ detail: "Nope." }) })
    await waitFor(actor, (s) => s.matches("UNAUTHENTICATED"))
    actor.send({ type: "auth.login", email: "a@b.co", password: "x" })
    await waitFor(actor, (s) => s.matches("ERROR"))
    actor.send({ type: "auth.forceLogout", error: "Refresh token expired or invalid." })
    expect(ctx()).toMatchObject({ status: "ERROR", error: "Nope." })
  })
})
