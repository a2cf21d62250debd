// The inline script that starts the refresh before the boot chunk has run (docs/behaviour.md#early-refresh),
// run in a context of its own with a fake document, fetch, lock manager and channel; and the adoption of
// what it leaves on window.
import { afterEach, describe, expect, it } from "vitest"
import { earlyAccess, takeEarlyRefresh } from "../../src/effects/auth/early-refresh-take"
import { authApi } from "../../src/schema/api/auth"
import { EARLY_NOTICE_KEY, EARLY_REFRESH_KEY } from "../../src/schema/auth/early-refresh"
import { EARLY_NOTICE_PATH, EARLY_REFRESH_PATH } from "../../src/schema/auth/early-refresh-script"
import type { SignedInPreloads } from "../../src/schema/system/signed-in-preload"
import { REFRESH_LOCK, TAB_CHANNEL } from "../../src/schema/tabs/tab-names"
import { answered, run } from "./early-script-fixture"

describe("the early refresh script", () => {
  it("calls the refresh endpoint of the API description", () => {
    expect(EARLY_REFRESH_PATH).toBe(authApi.endpoints.refresh.path)
    expect(authApi.endpoints.refresh.method).toBe("POST")
  })

  it("without the session hint cookie refreshes nothing and asks for the sign-in notice, leaving its body", async () => {
    const notice = { demo_accounts: true, mail: false }
    const r = run({
      cookie: "theme=dark; other_session_hint=1",
      answer: answered(200, notice),
      path: "/login",
    })
    expect(r.calls).toEqual([{ url: EARLY_NOTICE_PATH, init: { credentials: "same-origin" } }])
    expect(EARLY_REFRESH_KEY in r.window).toBe(false)
    expect(r.links).toEqual([])
    expect(await r.window[EARLY_NOTICE_KEY]).toEqual(notice)
  })

  it("asks the notice endpoint of the API description, not on the links' pages, which do not show it", async () => {
    expect(EARLY_NOTICE_PATH).toBe(authApi.endpoints.signInNotice.path)
    expect(authApi.endpoints.signInNotice.method).toBe("GET")
    for (const path of ["/invite/abc", "/reset-password/abc"]) {
      const r = run({ cookie: "", answer: answered(200, {}), path })
      expect(r.calls).toEqual([])
      expect(EARLY_NOTICE_KEY in r.window).toBe(false)
    }
    const refused = run({ cookie: "", answer: answered(503, { detail: "down" }), path: "/forgot-password" })
    expect(await refused.window[EARLY_NOTICE_KEY]).toBeNull()
    const offline = run({
      cookie: "",
      answer: () => Promise.reject(new TypeError("offline")),
      path: "/login",
    })
    expect(await offline.window[EARLY_NOTICE_KEY]).toBeNull()
  })

  it("with the hint, refreshes under the tabs' lock, tells the other tabs the token and leaves the answer", async () => {
    const r = run({ cookie: "theme=dark; session_hint=1", answer: answered(200, { access: "tok" }) })
    expect(r.calls).toEqual([
      { url: EARLY_REFRESH_PATH, init: { method: "POST", credentials: "same-origin" } },
    ])
    expect(r.locks).toEqual([REFRESH_LOCK])
    expect(await r.window[EARLY_REFRESH_KEY]).toEqual({ status: 200, access: "tok" })
    expect(r.posted).toEqual([{ channel: TAB_CHANNEL, message: { type: "token", token: "tok" } }])
  })

  it("leaves a refusal as its status, tells nobody, and an answer without a token as none", async () => {
    const refused = run({ cookie: "session_hint=1", answer: answered(401, { detail: "no" }) })
    expect(await refused.window[EARLY_REFRESH_KEY]).toEqual({ status: 401, access: null })
    expect(refused.posted).toEqual([])
    const odd = run({ cookie: "session_hint=1", answer: answered(200, { access: 42 }) })
    expect(await odd.window[EARLY_REFRESH_KEY]).toEqual({ status: 200, access: null })
    expect(odd.posted).toEqual([])
  })

  it("settles to null when no answer came (no unhandled rejection)", async () => {
    const r = run({ cookie: "session_hint=1", answer: () => Promise.reject(new TypeError("offline")) })
    expect(await r.window[EARLY_REFRESH_KEY]).toBeNull()
  })

  it("works without Web Locks or BroadcastChannel", async () => {
    const r = run({
      cookie: "session_hint=1",
      answer: answered(200, { access: "t" }),
      locks: false,
      channel: false,
    })
    expect(r.locks).toEqual([])
    expect(await r.window[EARLY_REFRESH_KEY]).toEqual({ status: 200, access: "t" })
  })
})

const PRELOADS: SignedInPreloads = {
  public: ["/login", "/unauthorized"],
  shell: ["/assets/session-1.js", "/assets/routes-1.css"],
  routes: [
    ["^(?:\\/|\\/dashboard)\\/?$", ["/assets/Dashboard-1.js"]],
    ["^(?:\\/notifications\\/[^/]+)\\/?$", ["/assets/Detail-1.js", "/assets/Detail-1.css"]],
    ["^(?:\\/billing)\\/?$", []],
  ],
  fallback: ["/assets/Dashboard-1.js"],
  signIn: ["/assets/LoginPage-1.js", "/assets/login-1.css"],
}
const preloadText = JSON.stringify(PRELOADS)

describe("the early script's preloads", () => {
  const ok = answered(200, { access: "t" })

  it("asks for the refresh first, then preloads the session's chunks and the path's page", () => {
    const r = run({ cookie: "session_hint=1", answer: ok, preloads: preloadText, path: "/notifications/42" })
    expect(r.order).toEqual(["refresh", "links"])
    expect(r.links).toEqual([
      "modulepreload /assets/session-1.js",
      "preload style /assets/routes-1.css",
      "modulepreload /assets/Detail-1.js",
      "preload style /assets/Detail-1.css",
    ])
    r.tick()
    expect(r.links).toHaveLength(4)
  })

  it("matches a route whatever the case and with a trailing slash, and preloads the dashboard for any other path", () => {
    const routed = run({ cookie: "session_hint=1", answer: ok, preloads: preloadText, path: "/Dashboard/" })
    expect(routed.links).toContain("modulepreload /assets/Dashboard-1.js")
    const billing = run({ cookie: "session_hint=1", answer: ok, preloads: preloadText, path: "/billing" })
    expect(billing.links).toEqual([
      "modulepreload /assets/session-1.js",
      "preload style /assets/routes-1.css",
    ])
    const unknown = run({
      cookie: "session_hint=1",
      answer: ok,
      preloads: preloadText,
      path: "/no/such/page",
    })
    expect(unknown.links).toContain("modulepreload /assets/Dashboard-1.js")
  })

  it("preloads nothing on a public page, without the hint, or without a readable list", () => {
    for (const path of PRELOADS.public) {
      const r = run({ cookie: "session_hint=1", answer: ok, preloads: preloadText, path })
      r.tick()
      expect(r.links).toEqual([])
      expect(r.calls).toHaveLength(1)
    }
    // Without the hint the page is the sign-in form: only its own chunks (the next test).
    const signedOut = run({ cookie: "", answer: ok, preloads: preloadText })
    signedOut.tick()
    expect(signedOut.links).toEqual([
      "modulepreload /assets/LoginPage-1.js",
      "preload style /assets/login-1.css",
    ])
    for (const preloads of [undefined, "", "{not json", JSON.stringify({ public: [] })]) {
      const r = run({ cookie: "session_hint=1", answer: ok, ...(preloads === undefined ? {} : { preloads }) })
      r.tick()
      expect(r.links).toEqual([])
      expect(r.calls).toHaveLength(1)
    }
  })

  it("without the hint, preloads the sign-in form's chunks, but not on a link's page or without a readable list", () => {
    for (const path of ["/login", "/dashboard", "/forgot-password"]) {
      const r = run({ cookie: "", answer: ok, preloads: preloadText, path })
      expect(r.links, path).toEqual([
        "modulepreload /assets/LoginPage-1.js",
        "preload style /assets/login-1.css",
      ])
      expect(r.calls.map((c) => c.url)).toEqual([EARLY_NOTICE_PATH])
    }
    for (const path of ["/invite/abc", "/reset-password/abc"])
      expect(run({ cookie: "", answer: ok, preloads: preloadText, path }).links, path).toEqual([])
    for (const preloads of [undefined, "", "{not json", JSON.stringify({ public: [] })]) {
      const r = run({
        cookie: "",
        answer: ok,
        ...(preloads === undefined ? {} : { preloads }),
        path: "/login",
      })
      expect(r.links).toEqual([])
      expect(r.calls).toHaveLength(1)
    }
  })

  it("does not wait for a lock another tab holds: the preloads follow shortly", () => {
    const r = run({ cookie: "session_hint=1", answer: ok, preloads: preloadText, locks: "held" })
    expect(r.calls).toEqual([])
    expect(r.links).toEqual([])
    r.tick()
    expect(r.links).toContain("modulepreload /assets/Dashboard-1.js")
  })
})

describe("adopting the early refresh", () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "window")
  })

  it("reads a token only from an answer that carries one", () => {
    expect(earlyAccess({ status: 200, access: "t" })).toBe("t")
    for (const other of [null, undefined, "t", { status: 401, access: null }, { access: "" }, { access: 1 }])
      expect(earlyAccess(other)).toBeNull()
  })

  it("takes the started refresh once: a second take finds nothing", async () => {
    Reflect.set(globalThis, "window", { [EARLY_REFRESH_KEY]: Promise.resolve({ status: 200, access: "t" }) })
    expect(await takeEarlyRefresh()).toBe("t")
    expect(takeEarlyRefresh()).toBeNull()
  })

  it("gives null for a failed or refused early refresh, and nothing when none was started", async () => {
    Reflect.set(globalThis, "window", { [EARLY_REFRESH_KEY]: Promise.reject(new Error("lock")) })
    expect(await takeEarlyRefresh()).toBeNull()
    Reflect.set(globalThis, "window", { [EARLY_REFRESH_KEY]: Promise.resolve({ status: 401, access: null }) })
    expect(await takeEarlyRefresh()).toBeNull()
    Reflect.set(globalThis, "window", { [EARLY_REFRESH_KEY]: "not a promise" })
    expect(takeEarlyRefresh()).toBeNull()
    Reflect.set(globalThis, "window", {})
    expect(takeEarlyRefresh()).toBeNull()
  })
})
