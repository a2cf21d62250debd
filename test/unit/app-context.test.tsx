// @vitest-environment happy-dom
import { act, renderHook, waitFor } from "@testing-library/react"
import type { ReactNode } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import {
  AppProvider,
  useAuth,
  useAuthSend,
  useProfile,
  useSystemActor,
} from "../../src/views/system/app-context"
import { fakeAuthServer } from "./fake-auth-server"
import { startSession } from "./session-system"

let session: ReturnType<typeof startSession> | undefined
afterEach(async () => {
  await session?.dispose()
  session = undefined
  vi.restoreAllMocks()
})

function provided() {
  // A browser that signed in before holds the session hint beside its refresh cookie.
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's Set-Cookie
  document.cookie = "session_hint=1; path=/"
  session = startSession(fakeAuthServer())
  // The session root carries the same systemIds as the app's root; the hooks only look actors up by them.
  const actor = session.root
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider actor={actor}>{children}</AppProvider>
  )
  return { wrapper, session }
}

describe("app context hooks", () => {
  it("useAuth outside its provider throws the exact message of the error catalogue", () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    expect(() => renderHook(() => useAuth((c) => c.status))).toThrow(
      new Error("useAuth must be used within AuthProvider"),
    )
    expect(() => renderHook(() => useAuthSend())).toThrow("useAuth must be used within AuthProvider")
  })

  it("useAuth follows the auth actor, and useAuthSend sends it typed events", async () => {
    const { wrapper } = provided()
    const { result } = renderHook(() => ({ status: useAuth((c) => c.status), send: useAuthSend() }), {
      wrapper,
    })
    expect(result.current.status).toBe("LOADING")
    await waitFor(() => expect(result.current.status).toBe("AUTHENTICATED"))
    act(() => result.current.send({ type: "auth.logout" }))
    expect(result.current.status).toBe("UNAUTHENTICATED")
  })

  it("useProfile reads the profile editor's context and state", () => {
    const { wrapper } = provided()
    const { result } = renderHook(() => useProfile((ctx, state) => ({ error: ctx.error, state })), {
      wrapper,
    })
    expect(result.current).toEqual({ error: null, state: "idle" })
  })

  it("useSystemActor finds an actor by its systemId, and says so when none runs under it", () => {
    const { wrapper, session } = provided()
    const { result } = renderHook(() => useSystemActor("auth"), { wrapper })
    expect(result.current).toBe(session.auth)
    vi.spyOn(console, "error").mockImplementation(() => {})
    expect(() => renderHook(() => useSystemActor("socket"), { wrapper })).toThrow(/socket/)
  })
})
