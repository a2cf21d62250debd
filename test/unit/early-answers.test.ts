// What index.html's script asks with the early refresh's token (the profile, and on the dashboard its summary),
// and how the app adopts those answers: once, only with the token the session holds now, only a 2xx answer
// that decodes (docs/behaviour.md#early-refresh).
import { afterEach, describe, expect, it } from "vitest"
import { createActor, toPromise } from "xstate"
import { earlyBody } from "../../src/effects/early-refresh"
import type { HttpEnvShape } from "../../src/effects/http-env"
import { makeRuntime } from "../../src/effects/runtime"
import { summaryLoader } from "../../src/effects/session-actors"
import { TabChannel } from "../../src/effects/tab-channel"
import { authApi } from "../../src/schema/api/auth"
import { dashboardApi } from "../../src/schema/api/dashboard"
import { ROUTES } from "../../src/schema/app-routes"
import type { DashboardSummary } from "../../src/schema/dashboard"
import { EARLY_PROFILE_KEY, EARLY_REFRESH_KEY, EARLY_SUMMARY_KEY } from "../../src/schema/early-refresh"
import {
  EARLY_PROFILE_PATH,
  EARLY_REFRESH_PATH,
  EARLY_SUMMARY_PAGE,
  EARLY_SUMMARY_PATH,
} from "../../src/schema/early-refresh-script"
import { answered, run } from "./early-script-run"
import { demoUser, fakeAuthServer, json } from "./fake-auth-server"
import { startSession } from "./session-system"

afterEach(() => {
  Reflect.deleteProperty(globalThis, "window")
})

const summary = (pendingWork: number): DashboardSummary => ({
  work_requests: { pending: pendingWork, approved: 0, rejected: 0 },
  maintenance_requests: { pending: 0, approved: 0, rejected: 0 },
  company_applications: { pending: 0, accepted: 0, rejected: 0 },
  providers: { active: 0, inactive: 0 },
  unread_notifications: 0,
  oldest_pending: { work_request: null, maintenance_request: null, company_application: null },
  recent_activity: [],
  waiting: {
    work_request: { due: 0, overdue: 0 },
    maintenance_request: { due: 0, overdue: 0 },
    company_application: { due: 0, overdue: 0 },
    queue: { as_of: "2026-01-01T00:00:00.000Z", due_after_seconds: 86_400, overdue_after_seconds: 259_200 },
  },
})

describe("the early script's answers", () => {
  it("asks the profile and summary endpoints of the API description, the summary on the dashboard's path", () => {
    expect(EARLY_PROFILE_PATH).toBe(authApi.endpoints.profile.path)
    expect(authApi.endpoints.profile.method).toBe("GET")
    expect(EARLY_SUMMARY_PATH).toBe(dashboardApi.endpoints.summary.path)
    expect(dashboardApi.endpoints.summary.method).toBe("GET")
    expect(EARLY_SUMMARY_PAGE).toBe(ROUTES.dashboard)
  })

  it("on /dashboard, asks the profile and the summary with the token and leaves each answer", async () => {
    const r = run({
      cookie: "session_hint=1",
      answer: answered(200, { access: "tok" }),
      api: (url) => (url === EARLY_PROFILE_PATH ? answered(200, demoUser)() : answered(200, summary(3))()),
    })
    expect(await r.window[EARLY_REFRESH_KEY]).toEqual({ status: 200, access: "tok" })
    const bearer = { Accept: "application/json", Authorization: "Bearer tok" }
    expect(r.calls.map((c) => [c.url, c.init.method ?? "GET", c.init.headers])).toEqual([
      [EARLY_REFRESH_PATH, "POST", undefined],
      [EARLY_PROFILE_PATH, "GET", bearer],
      [EARLY_SUMMARY_PATH, "GET", bearer],
    ])
    expect(await r.window[EARLY_PROFILE_KEY]).toEqual({ token: "tok", status: 200, body: demoUser })
    expect(await r.window[EARLY_SUMMARY_KEY]).toEqual({ token: "tok", status: 200, body: summary(3) })
  })

  it("asks only the profile on another path, and nothing after a refusal", async () => {
    const elsewhere = run({
      cookie: "session_hint=1",
      answer: answered(200, { access: "t" }),
      path: "/billing",
    })
    await elsewhere.window[EARLY_REFRESH_KEY]
    expect(elsewhere.calls.map((c) => c.url)).toEqual([EARLY_REFRESH_PATH, EARLY_PROFILE_PATH])
    expect(EARLY_SUMMARY_KEY in elsewhere.window).toBe(false)
    const refused = run({ cookie: "session_hint=1", answer: answered(401, { detail: "no" }) })
    await refused.window[EARLY_REFRESH_KEY]
    expect(refused.calls.map((c) => c.url)).toEqual([EARLY_REFRESH_PATH])
    expect(EARLY_PROFILE_KEY in refused.window || EARLY_SUMMARY_KEY in refused.window).toBe(false)
  })

  it("leaves a body that is not JSON as null, and no answer as null", async () => {
    const r = run({
      cookie: "session_hint=1",
      answer: answered(200, { access: "t" }),
      api: (url) =>
        url === EARLY_PROFILE_PATH
          ? Promise.resolve({ ok: false, status: 502, json: () => Promise.reject(new SyntaxError("html")) })
          : Promise.reject(new TypeError("offline")),
    })
    await r.window[EARLY_REFRESH_KEY]
    expect(await r.window[EARLY_PROFILE_KEY]).toEqual({ token: "t", status: 502, body: null })
    expect(await r.window[EARLY_SUMMARY_KEY]).toBeNull()
  })
})

describe("which early answer may stand for the app's call", () => {
  it("one asked with the token held now that succeeded; nothing else", () => {
    expect(earlyBody({ token: "a", status: 200, body: 1 }, "a")).toEqual({ body: 1 })
    expect(earlyBody({ token: "a", status: 204, body: null }, "a")).toEqual({ body: null })
    for (const [answer, token] of [
      [{ token: "a", status: 200, body: 1 }, "b"],
      [{ token: "a", status: 200, body: 1 }, null],
      [{ token: "a", status: 401, body: 1 }, "a"],
      [{ token: "a", status: 304, body: 1 }, "a"],
      [{ token: "a", status: "200", body: 1 }, "a"],
      [{ token: "a", status: 200 }, "a"],
      [null, "a"],
      ["a", "a"],
    ] as const)
      expect(earlyBody(answer, token)).toBeNull()
  })
})

describe("the profile fetch adopts the early profile", () => {
  const start = (profile: unknown) => {
    const server = fakeAuthServer()
    const asked: string[] = []
    const fetch: typeof server.fetch = (input, init) => {
      asked.push(new URL(String(input)).pathname)
      return server.fetch(input, init)
    }
    Reflect.set(globalThis, "window", {
      [EARLY_REFRESH_KEY]: Promise.resolve({ status: 200, access: server.validToken }),
      [EARLY_PROFILE_KEY]: Promise.resolve(profile),
    })
    return { session: startSession({ ...server, fetch }), asked, token: server.validToken }
  }

  it("with the token the session holds and a 2xx answer: the profile is not asked again", async () => {
    const { session, asked, token } = start({
      token: "t0",
      status: 200,
      body: { ...demoUser, full_name: "Early Answer" },
    })
    expect(token).toBe("t0")
    const signedIn = await session.signedIn()
    expect(signedIn.context.user?.full_name).toBe("Early Answer")
    expect(asked).toEqual([])
    expect(EARLY_PROFILE_KEY in (Reflect.get(globalThis, "window") as object)).toBe(false)
    await session.dispose()
  })

  it("asks as always for another token, a refusal or a body that does not decode", async () => {
    for (const profile of [
      { token: "someone else's", status: 200, body: { ...demoUser, full_name: "Not Mine" } },
      { token: "t0", status: 401, body: { detail: "Token expired" } },
      { token: "t0", status: 200, body: { id: "not a user" } },
      null,
    ]) {
      const { session, asked } = start(profile)
      const signedIn = await session.signedIn()
      expect(signedIn.context.user).toEqual(demoUser)
      expect(asked).toEqual([EARLY_PROFILE_PATH])
      await session.dispose()
    }
  })
})

describe("the dashboard's summary adopts the early summary", () => {
  /** A runtime whose session holds `token`; the server answers `answer` to the summary, counting calls. */
  const loader = (token: string, answer: DashboardSummary) => {
    const auths: Array<string | null> = []
    const env: HttpEnvShape = {
      fetch: async (_input, init) => {
        auths.push(new Headers(init?.headers).get("Authorization"))
        return json(200, answer)
      },
      currentToken: () => token,
      awaitFreshToken: () => Promise.reject(new Error("no refresh here")),
    }
    const runtime = makeRuntime(
      { apiBaseUrl: "http://app.test", socketBaseUrl: "ws://app.test" },
      env,
      TabChannel.alone,
    )
    return {
      auths,
      load: () => toPromise(createActor(summaryLoader(runtime)).start()),
      dispose: () => runtime.dispose(),
    }
  }
  const leave = (answer: unknown) =>
    Reflect.set(globalThis, "window", { [EARLY_SUMMARY_KEY]: Promise.resolve(answer) })

  it("takes the one asked with the token held now, once", async () => {
    const app = loader("A", summary(9))
    leave({ token: "A", status: 200, body: summary(1) })
    expect(await app.load()).toEqual(summary(1))
    expect(app.auths).toEqual([])
    expect(await app.load()).toEqual(summary(9))
    expect(app.auths).toEqual(["Bearer A"])
    await app.dispose()
  })

  it("after a sign-out and a sign-in as someone else, never shows the first user's summary", async () => {
    // The script asked as A; A signed out before the dashboard loaded, and B signed in in the same page.
    const app = loader("B", summary(2))
    leave({ token: "A", status: 200, body: summary(1) })
    expect(await app.load()).toEqual(summary(2))
    expect(app.auths).toEqual(["Bearer B"])
    await app.dispose()
  })

  it("asks as always after a refusal or a body that does not decode", async () => {
    for (const answer of [
      { token: "A", status: 500, body: { detail: "Server error." } },
      { token: "A", status: 200, body: { work_requests: "many" } },
    ]) {
      const app = loader("A", summary(4))
      leave(answer)
      expect(await app.load()).toEqual(summary(4))
      expect(app.auths).toEqual(["Bearer A"])
      await app.dispose()
    }
  })
})
