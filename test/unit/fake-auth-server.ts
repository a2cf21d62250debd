import type { User } from "../../src/schema/auth/auth"

export const demoUser: User = {
  id: 2,
  email: "c@example.com",
  full_name: "Corey Coordinator",
  user_category: "website_coordinator",
  initials: "CC",
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

type ThingAnswer = (id: string, call: number, bearerValid: boolean) => Response | undefined

/**
 * A fake of the auth API (docs/behaviour.md#refresh-queue) plus one protected query,
 * `GET /api/v1/things/?i=<id>`: one valid access token at a time, refreshes counted (and slow enough for
 * requests to pile up behind one), every call logged.
 */
export function fakeAuthServer() {
  let valid = "t0"
  let refreshWorks = true
  const state = {
    refreshes: 0,
    logins: 0,
    /** Calls per thing id, and the Authorization header of each. */
    calls: new Map<string, number>(),
    auths: new Map<string, Array<string | null>>(),
    /** Overrides the answer of the protected query; undefined falls back to the bearer check. */
    things: (() => undefined) as ThingAnswer,
  }
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input))
    const auth = new Headers(init?.headers).get("Authorization")
    const bearerValid = auth === `Bearer ${valid}`
    switch (url.pathname) {
      case "/api/company/token/refresh/": {
        state.refreshes += 1
        await new Promise((r) => setTimeout(r, 20))
        if (!refreshWorks) return json(401, { detail: "Refresh token expired or invalid." })
        valid = `t${state.refreshes}`
        return json(200, { access: valid })
      }
      case "/api/company/login/":
        state.logins += 1
        return json(401, { detail: "Invalid email or password." })
      case "/api/company/logout/":
        return json(200, { detail: "Logged out." })
      case "/api/company/user/":
        return bearerValid ? json(200, demoUser) : json(401, { detail: "Token expired" })
      case "/api/v1/things/": {
        const id = url.searchParams.get("i") ?? ""
        const call = (state.calls.get(id) ?? 0) + 1
        state.calls.set(id, call)
        state.auths.set(id, [...(state.auths.get(id) ?? []), auth])
        const answer = state.things(id, call, bearerValid)
        if (answer) return answer
        return bearerValid ? json(200, { ok: id }) : json(401, { detail: "Token expired" })
      }
      default:
        return json(404, { detail: "Not found." })
    }
  }
  return {
    fetch,
    state,
    get validToken() {
      return valid
    },
    /** The access token every client holds is no longer accepted. */
    expire: () => {
      valid = "expired"
    },
    /** The refresh cookie stops working: every refresh answers 401. */
    revokeRefresh: () => {
      refreshWorks = false
    },
  }
}
export type FakeAuthServer = ReturnType<typeof fakeAuthServer>
