// @vitest-environment happy-dom
// The start-time refresh in a browser: without the session hint cookie nothing is asked of the server (its
// answer would be a 401 that the browser logs as a console error on every signed-out visit); with it, the
// refresh goes to the server as before.
import { afterEach, describe, expect, it } from "vitest"
import { waitFor } from "xstate"
import { noSessionHint } from "../../src/effects/auth/session-hint-store"
import { fakeAuthServer } from "./fake-auth-server"
import { startSession } from "./session-system"

/** Plays the browser's cookie jar, as the server's Set-Cookie would fill it. */
function jar(cookie: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for Set-Cookie
  document.cookie = cookie
}

let session: ReturnType<typeof startSession> | undefined
afterEach(async () => {
  await session?.dispose()
  session = undefined
  jar("session_hint=; path=/; max-age=0")
})

describe("session hint", () => {
  it("reads the hint among other cookies, and only a cookie of that exact name", () => {
    jar("session_hint_x=1; path=/")
    jar("theme=dark; path=/")
    expect(noSessionHint()).toBe(true)
    jar("session_hint=1; path=/")
    expect(noSessionHint()).toBe(false)
    jar("session_hint_x=; path=/; max-age=0")
  })

  it("without the hint the start-time refresh fails locally: signed out, no request", async () => {
    const server = fakeAuthServer()
    session = startSession(server)
    const state = await waitFor(session.auth, (s) => s.matches("UNAUTHENTICATED"))
    expect(state.matches("UNAUTHENTICATED")).toBe(true)
    expect(server.state.refreshes).toBe(0)
  })

  it("with the hint the refresh is asked of the server and the session is restored", async () => {
    jar("session_hint=1; path=/")
    const server = fakeAuthServer()
    session = startSession(server)
    await session.signedIn()
    expect(server.state.refreshes).toBe(1)
  })
})
