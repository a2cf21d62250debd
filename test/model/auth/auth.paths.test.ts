import { describe, expect, it, vi } from "vitest"
import { getShortestPaths, getSimplePaths } from "xstate/graph"
import type { AuthContext, AuthEvent } from "../../../src/machines/auth/auth-context"
import type { SessionFact } from "../../../src/machines/system/facts"
import {
  describeEvent,
  getEdgePaths,
  pathEvents,
  replay,
  sendSystemEvent,
  WHOLE_GRAPH_TIMEOUT_MS,
} from "../walk"
import { codeOnly, enrolment, machine, secondFactor, session, setupRequired, user } from "./auth-fixtures"

// Actor outcomes and delays are listed as events, so the graph walks the real chart.
const events = pathEvents(machine, [
  { type: "xstate.done.actor.refreshToken", output: { access: "t-refreshed" } },
  { type: "xstate.error.actor.refreshToken", error: new Error("no cookie") },
  { type: "auth.login", email: "c@example.com", password: "pw" },
  { type: "xstate.done.actor.login", output: { access: "t-login", user } },
  { type: "xstate.error.actor.login", error: { detail: "Invalid email or password." } },
  { type: "xstate.done.actor.fetchProfile", output: user },
  { type: "xstate.error.actor.fetchProfile", error: new Error("503") },
  { type: "xstate.after.afterFirstFailure.auth.AUTHENTICATED.fetchingProfile.wait1" },
  { type: "xstate.after.afterSecondFailure.auth.AUTHENTICATED.fetchingProfile.wait2" },
  { type: "auth.logout" },
  { type: "xstate.done.actor.logoutCall" },
  { type: "auth.forceLogout", error: "Refresh token expired or invalid." },
  { type: "auth.clearError" },
])
// The steps after a right password and the passkey sign-ins multiply the simple paths beyond walking: their
// paths are the shortest ones and every edge (below), with the same invariants at every step.
const stepEvents = pathEvents(machine, [
  // A right password that asks for more: a second factor (with or without passkeys), or a factor to set up.
  { type: "xstate.done.actor.login", output: secondFactor },
  { type: "xstate.done.actor.login", output: codeOnly },
  { type: "xstate.done.actor.login", output: setupRequired },
  { type: "auth.submitFactor", method: "totp", code: "123456", trustBrowser: true },
  { type: "xstate.done.actor.verifyCode", output: session },
  { type: "xstate.error.actor.verifyCode", error: { detail: "That code is not right." } },
  { type: "auth.usePasskeyFactor", trustBrowser: false },
  { type: "xstate.done.actor.verifyPasskey", output: session },
  { type: "xstate.error.actor.verifyPasskey", error: new Error("NotAllowedError") },
  { type: "xstate.after.challengeExpiry.auth.UNAUTHENTICATED.secondFactor" },
  { type: "auth.cancelChallenge" },
  { type: "xstate.done.actor.startSetup", output: enrolment },
  { type: "xstate.error.actor.startSetup", error: new Error("503") },
  { type: "auth.retrySetup" },
  { type: "auth.confirmSetup", code: "654321" },
  { type: "xstate.done.actor.confirmSetup", output: { session, recoveryCodes: ["aaaa-bbbb"] } },
  { type: "xstate.error.actor.confirmSetup", error: { detail: "That code is not right." } },
  { type: "xstate.after.challengeExpiry.auth.UNAUTHENTICATED.settingUp.enrolling" },
  // Or a passkey instead of the app: from its key on screen, or after the key could not be prepared.
  { type: "auth.setupPasskey", name: "Laptop" },
  { type: "xstate.done.actor.setupPasskey", output: session },
  { type: "xstate.error.actor.setupPasskey", error: new Error("NotAllowedError") },
  { type: "auth.continue" },
  // A passkey alone: the browser's dialog, or its autofill on the email field.
  { type: "auth.passkeySignIn" },
  { type: "xstate.done.actor.passkeySignIn", output: session },
  { type: "xstate.error.actor.passkeySignIn", error: new Error("NotAllowedError") },
  { type: "auth.passkeyAutofill" },
  { type: "xstate.done.actor.passkeyAutofill", output: session },
  { type: "xstate.error.actor.passkeyAutofill", error: { detail: "Unknown passkey." } },
])
// Events that apply in (almost) every state multiply the simple paths by about six: shortest paths only.
const everyStateEvents = [
  { type: "auth.setAccessToken", token: "t-queue" },
  { type: "auth.setError", error: "boom" },
  { type: "auth.setUser", user },
] as AuthEvent[]

const serializeState = (s: { value: unknown; context: AuthContext }) =>
  JSON.stringify([
    s.value,
    s.context.error !== null,
    s.context.profileLoaded,
    s.context.challenge?.token ?? null,
    // A passkey refused at set-up goes back to the app's key only when it was prepared.
    s.context.enrolment !== null,
  ])

/** Invariants of the auth status (docs/behaviour.md#auth-status) that hold in every reachable state. */
function checkInvariants(ctx: AuthContext, value: unknown) {
  const top = typeof value === "string" ? value : Object.keys(value as object)[0]
  expect(ctx.status).toBe(top)
  expect(ctx.isAuthenticated).toBe(ctx.status === "AUTHENTICATED")
  if (ctx.status === "UNAUTHENTICATED") {
    expect(ctx.user).toBeNull()
    expect(ctx.accessToken).toBeNull()
  }
  if (ctx.status === "AUTHENTICATED") expect(ctx.accessToken).not.toBeNull()
  if (ctx.user !== null) expect(ctx.profileLoaded).toBe(true)
  // A challenge lives only in the steps that answer it; what a set-up earned, only until its codes are seen.
  const stepping = JSON.stringify(value)
  const inSecondFactor = stepping.includes("secondFactor")
  const inSetup = stepping.includes("enrolling")
  expect(ctx.challenge !== null).toBe(inSecondFactor || inSetup)
  if (inSecondFactor) expect(ctx.challenge?.kind).toBe("second_factor")
  if (inSetup) expect(ctx.challenge?.kind).toBe("setup_required")
  expect(ctx.setUp !== null).toBe(stepping.includes("showingCodes"))
  if (stepping.includes("entering") || stepping.includes("confirming")) expect(ctx.enrolment).not.toBeNull()
  if (JSON.stringify(value) === JSON.stringify({ LOADING: "silentRefresh" }))
    expect(ctx).toEqual({ ...ctx, user: null, accessToken: null, error: null, profileLoaded: false })
}

/**
 * Walks a path on the real machine, checking the invariants after every step, and returns where it ended. The
 * facts it publishes tell the same story as its state: 'signed in' and 'signed out' alternate, and the bus
 * believes the session held exactly while the machine is AUTHENTICATED; each new token is announced once.
 */
function walk(steps: ReadonlyArray<{ event: AuthEvent }>) {
  const actor = replay(machine, [])
  let signedIn = false
  let token: string | null = null
  actor.on("*", (fact: SessionFact) => {
    if (fact.type === "session.signedIn") {
      expect(signedIn, "signed in twice").toBe(false)
      signedIn = true
      expect(fact.token).toBe(token)
    }
    if (fact.type === "session.signedOut") {
      expect(signedIn, "signed out while signed out").toBe(true)
      signedIn = false
    }
    if (fact.type === "session.tokenChanged") token = fact.token
  })
  for (const step of steps.slice(1)) {
    actor.send(step.event)
    checkInvariants(actor.getSnapshot().context, actor.getSnapshot().value)
    expect(signedIn).toBe(actor.getSnapshot().context.isAuthenticated)
    if (signedIn) expect(token).toBe(actor.getSnapshot().context.accessToken)
  }
  const end = actor.getSnapshot()
  actor.stop()
  return end
}

describe("auth machine paths", () => {
  vi.spyOn(console, "warn").mockImplementation(() => {})
  const simple = getSimplePaths(machine, { events, serializeState })
  const shortest = getShortestPaths(machine, {
    events: [...events, ...stepEvents, ...everyStateEvents],
    serializeState,
  })

  it("reaches every state of the chart", () => {
    const reached = new Set([...simple, ...shortest].map((p) => JSON.stringify(p.state.value)))
    for (const v of [
      { LOADING: "silentRefresh" },
      { LOADING: "loggingIn" },
      { AUTHENTICATED: { fetchingProfile: "attempt1" } },
      { AUTHENTICATED: { fetchingProfile: "wait1" } },
      { AUTHENTICATED: { fetchingProfile: "attempt2" } },
      { AUTHENTICATED: { fetchingProfile: "wait2" } },
      { AUTHENTICATED: { fetchingProfile: "attempt3" } },
      { AUTHENTICATED: "ready" },
      { UNAUTHENTICATED: "idle" },
      { UNAUTHENTICATED: "loggingOut" },
      { UNAUTHENTICATED: "passkey" },
      { UNAUTHENTICATED: "autofill" },
      { UNAUTHENTICATED: { secondFactor: "asking" } },
      { UNAUTHENTICATED: { secondFactor: "verifyingCode" } },
      { UNAUTHENTICATED: { secondFactor: "verifyingPasskey" } },
      { UNAUTHENTICATED: { settingUp: { enrolling: "starting" } } },
      { UNAUTHENTICATED: { settingUp: { enrolling: "failed" } } },
      { UNAUTHENTICATED: { settingUp: { enrolling: "entering" } } },
      { UNAUTHENTICATED: { settingUp: { enrolling: "confirming" } } },
      { UNAUTHENTICATED: { settingUp: { enrolling: "addingPasskey" } } },
      { UNAUTHENTICATED: { settingUp: "showingCodes" } },
      "ERROR",
    ])
      expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of shortest) {
    it(`shortest: ${path.steps.map((s) => describeEvent(s.event)).join(" → ")}`, () => {
      const end = walk(path.steps)
      expect(end.value).toEqual(path.state.value)
      expect(serializeState(end)).toBe(serializeState(path.state))
    })
  }

  it(
    `walks ${simple.length} simple paths with the auth invariants at every step`,
    () => {
      for (const path of simple) expect(walk(path.steps).value).toEqual(path.state.value)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it(
    "takes every event from every state it reaches, with the auth invariants at every step",
    () => {
      const edges = getEdgePaths(machine, {
        events: [
          ...events,
          ...stepEvents,
          ...everyStateEvents,
          { type: "auth.updateUser", patch: { full_name: "Corey Renamed" } },
          // Another tab signed in: as the same person (only the token is new), as someone else, or unknown.
          { type: "auth.adoptSession", token: "t-tab", userId: user.id },
          { type: "auth.adoptSession", token: "t-other", userId: 99 },
          { type: "auth.signedOutElsewhere" },
          ...pathEvents(machine, [{ type: "xstate.error.actor.logoutCall", error: new Error("offline") }]),
        ],
        serializeState,
      })
      // Signed out stays signed out: a token from a refresh still in flight does not sign anyone in again.
      for (const e of edges.filter((x) => x.steps.at(-1)?.event.type === "auth.setAccessToken"))
        if (JSON.stringify(e.steps.at(-2)?.state.value).includes("UNAUTHENTICATED"))
          expect(e.state.value).toEqual(e.steps.at(-2)?.state.value)
      // Signed in, a refreshed token changes the token only: isAuthenticated never drops, so the session watch
      // never stops and restarts the notifications (their list would start over) on a refresh.
      let refreshedSignedIn = 0
      for (const e of edges.filter((x) => x.steps.at(-1)?.event.type === "auth.setAccessToken")) {
        const signedIn = e.steps.at(-2)?.state.value
        if (typeof signedIn !== "object" || signedIn === null || !("AUTHENTICATED" in signedIn)) continue
        refreshedSignedIn += 1
        expect(e.state.value).toEqual(signedIn)
        expect(e.state.context).toMatchObject({ accessToken: "t-queue", isAuthenticated: true })
      }
      expect(refreshedSignedIn).toBeGreaterThan(0)
      for (const path of edges) expect(walk(path.steps).value).toEqual(path.state.value)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("auth machine facts", () => {
  const signedInBy = (how: "login" | "refresh") => {
    const actor = replay(machine, [])
    const facts: SessionFact[] = []
    actor.on("*", (fact: SessionFact) => facts.push(fact))
    if (how === "login") {
      sendSystemEvent(actor, {
        type: "xstate.error.actor.refreshToken",
        error: new Error("no cookie"),
      })
      actor.send({ type: "auth.login", email: "c@example.com", password: "pw" })
      sendSystemEvent(actor, {
        type: "xstate.done.actor.login",
        output: { access: "t-login", user },
      })
    } else {
      sendSystemEvent(actor, { type: "xstate.done.actor.refreshToken", output: { access: "t1" } })
      sendSystemEvent(actor, { type: "xstate.done.actor.fetchProfile", output: user })
    }
    facts.length = 0
    return { actor, facts }
  }
  const types = (facts: ReadonlyArray<SessionFact>) =>
    facts.map((f) => ("how" in f ? `${f.type}:${f.how}` : f.type))

  it("says how a session began: a sign-in here (with the user), or restored by the cookie", () => {
    const actor = replay(machine, [])
    const facts: SessionFact[] = []
    actor.on("*", (fact: SessionFact) => facts.push(fact))
    sendSystemEvent(actor, { type: "xstate.done.actor.refreshToken", output: { access: "t1" } })
    expect(facts.find((f) => f.type === "session.signedIn")).toEqual({
      type: "session.signedIn",
      how: "restored",
      token: "t1",
      userId: null,
    })
    const login = signedInBy("login")
    login.actor.send({ type: "auth.logout" })
    expect(types(login.facts)).toContain("session.signedOut:logout")
  })

  it("another tab signed in as the same person: only the token changes, nothing restarts", () => {
    const { actor, facts } = signedInBy("refresh")
    actor.send({ type: "auth.adoptSession", token: "t-tab", userId: user.id })
    expect(types(facts)).toEqual(["session.tokenChanged"])
    expect(actor.getSnapshot().value).toEqual({ AUTHENTICATED: "ready" })
    expect(actor.getSnapshot().context.accessToken).toBe("t-tab")
  })

  it("another tab signed in as someone else: this session ends, that one begins, and its user is fetched", () => {
    const { actor, facts } = signedInBy("refresh")
    actor.send({ type: "auth.adoptSession", token: "t-other", userId: 99 })
    expect(types(facts)).toEqual([
      "session.signedOut:replaced",
      "session.tokenChanged",
      "session.userChanged",
      "session.signedIn:adopted",
    ])
    expect(actor.getSnapshot().value).toEqual({ AUTHENTICATED: { fetchingProfile: "attempt1" } })
    expect(actor.getSnapshot().context).toMatchObject({
      user: null,
      accessToken: "t-other",
      profileLoaded: false,
    })
  })

  it("a sign-out elsewhere signs out here without calling the server; signed out, it changes nothing", () => {
    const { actor, facts } = signedInBy("login")
    actor.send({ type: "auth.signedOutElsewhere" })
    expect(actor.getSnapshot().value).toEqual({ UNAUTHENTICATED: "idle" })
    expect(types(facts)).toEqual(["session.signedOut:elsewhere", "session.userChanged"])
    actor.send({ type: "auth.signedOutElsewhere" })
    expect(facts).toHaveLength(2)
  })
})
