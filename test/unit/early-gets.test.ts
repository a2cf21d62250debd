// The GETs index.html's inline script sends once its refresh holds a token, and how the app's first GETs of
// the same URLs get their answers through `fetch` (docs/behaviour.md#early-refresh).
import { describe, expect, it } from "vitest"
import { authApi } from "../../src/schema/api/auth"
import { dashboardApi } from "../../src/schema/api/dashboard"
import { EARLY_PROFILE_PATH, EARLY_SUMMARY_PATH } from "../../src/schema/auth/early-refresh-script"
import { answered, ORIGIN, type Run, run } from "./early-script-fixture"

const PROFILE = `${ORIGIN}${EARLY_PROFILE_PATH}`
const SUMMARY = `${ORIGIN}${EARLY_SUMMARY_PATH}`
/** Each GET's answer names its URL; the refresh's carries the token. */
const byUrl = (url: string) =>
  url.startsWith("/api/company/token")
    ? answered(200, { access: "tok" })()
    : Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ url }) })
/** Lets the script's promise chain (lock, refresh, its body) run to its end. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))
const gets = (r: Run) => r.calls.filter((call) => call.init.method === "GET")
/** The page's fetch after the script ran: the app calls it as the Api does. */
const appFetch = (r: Run, url: string, auth = "Bearer tok", method = "GET") => {
  const replaced = r.window.fetch
  if (typeof replaced !== "function") throw new Error("fetch was not replaced")
  return replaced(url, { method, headers: { Accept: "application/json", Authorization: auth } }) as Promise<{
    json: () => Promise<unknown>
  }>
}
const bodyOf = async (answer: Promise<{ json: () => Promise<unknown> }>) => (await answer).json()

describe("the early script's GETs", () => {
  it("ask for the profile and the summary as the API description gives them", () => {
    expect(EARLY_PROFILE_PATH).toBe(authApi.endpoints.profile.path)
    expect(authApi.endpoints.profile.method).toBe("GET")
    expect(EARLY_SUMMARY_PATH).toBe(dashboardApi.endpoints.summary.path)
    expect(dashboardApi.endpoints.summary.method).toBe("GET")
  })

  it("go once the refresh holds a token, with its bearer, as the app's Api sends them", async () => {
    const r = run({ cookie: "session_hint=1", answer: byUrl, path: "/dashboard" })
    await settled()
    expect(r.order).toEqual(["refresh", EARLY_PROFILE_PATH, EARLY_SUMMARY_PATH])
    const headers = { Accept: "application/json", Authorization: "Bearer tok" }
    expect(gets(r)).toEqual([
      { url: EARLY_PROFILE_PATH, init: { method: "GET", headers, credentials: "include" } },
      { url: EARLY_SUMMARY_PATH, init: { method: "GET", headers, credentials: "include" } },
    ])
  })

  it("ask for the summary only where the dashboard shows", async () => {
    for (const [path, expected] of [
      ["/", [EARLY_PROFILE_PATH, EARLY_SUMMARY_PATH]],
      ["/Dashboard/", [EARLY_PROFILE_PATH, EARLY_SUMMARY_PATH]],
      ["/notifications/1", [EARLY_PROFILE_PATH]],
      ["/login", [EARLY_PROFILE_PATH]],
    ] as const) {
      const r = run({ cookie: "session_hint=1", answer: byUrl, path })
      await settled()
      expect(
        gets(r).map((call) => call.url),
        path,
      ).toEqual(expected)
    }
  })

  it("go nowhere, and leave fetch alone, without a token", async () => {
    for (const answer of [
      answered(401, { detail: "no" }),
      answered(200, {}),
      () => Promise.reject(new Error("offline")),
    ]) {
      const r = run({ cookie: "session_hint=1", answer })
      await settled()
      expect(gets(r)).toEqual([])
      expect("fetch" in r.window).toBe(false)
    }
    const signedOut = run({ cookie: "", answer: byUrl })
    await settled()
    expect(gets(signedOut)).toEqual([])
    expect("fetch" in signedOut.window).toBe(false)
  })
})

describe("the app's first GETs of the same URLs", () => {
  it("get the early answers, once each, and then fetch is the browser's again", async () => {
    const r = run({ cookie: "session_hint=1", answer: byUrl, path: "/dashboard" })
    await settled()
    expect(await bodyOf(appFetch(r, SUMMARY))).toEqual({ url: EARLY_SUMMARY_PATH })
    expect(await bodyOf(appFetch(r, PROFILE))).toEqual({ url: EARLY_PROFILE_PATH })
    expect(gets(r)).toHaveLength(2)
    expect(r.window.fetch).toBe(r.fetch)
  })

  it("leave everything else to the browser's fetch: another bearer, method or URL", async () => {
    const r = run({ cookie: "session_hint=1", answer: byUrl, path: "/notifications/1" })
    await settled()
    await appFetch(r, PROFILE, "Bearer other")
    await appFetch(r, PROFILE, "Bearer tok", "PATCH")
    await appFetch(r, `${PROFILE}?x=1`)
    await appFetch(r, SUMMARY)
    expect(gets(r).map((call) => call.url)).toEqual([EARLY_PROFILE_PATH, PROFILE, `${PROFILE}?x=1`, SUMMARY])
    // The early profile is still there for the app's own first GET of it.
    expect(await bodyOf(appFetch(r, PROFILE))).toEqual({ url: EARLY_PROFILE_PATH })
    expect(gets(r)).toHaveLength(4)
    expect(r.window.fetch).toBe(r.fetch)
  })

  it("ask the network when the early GET got no answer", async () => {
    let profileAsked = 0
    const r = run({
      cookie: "session_hint=1",
      path: "/notifications/1",
      answer: (url) =>
        url === EARLY_PROFILE_PATH && profileAsked++ === 0
          ? Promise.reject(new Error("offline"))
          : byUrl(url),
    })
    await settled()
    expect(await bodyOf(appFetch(r, PROFILE))).toEqual({ url: PROFILE })
    expect(gets(r).map((call) => call.url)).toEqual([EARLY_PROFILE_PATH, PROFILE])
  })
})
