import { Effect, Exit } from "effect"
import { describe, expect, it, vi } from "vitest"
import {
  firebaseConfigFromEnv,
  lazyPush,
  NOT_LOADED,
  unavailablePush,
} from "../../src/effects/push/push-messaging"

const full = {
  VITE_FIREBASE_API_KEY: "key",
  VITE_FIREBASE_PROJECT_ID: "project",
  VITE_FIREBASE_MESSAGING_SENDER_ID: "123",
  VITE_FIREBASE_APP_ID: "1:123:web:abc",
  VITE_FIREBASE_VAPID_KEY: "vapid",
}

describe("firebaseConfigFromEnv", () => {
  it("builds the web configuration from the VITE_FIREBASE_* variables", () => {
    expect(
      firebaseConfigFromEnv({ ...full, VITE_FIREBASE_AUTH_DOMAIN: " project.firebaseapp.com " }),
    ).toEqual({
      options: {
        apiKey: "key",
        projectId: "project",
        messagingSenderId: "123",
        appId: "1:123:web:abc",
        authDomain: "project.firebaseapp.com",
      },
      vapidKey: "vapid",
    })
  })

  it("names every missing variable, blank counting as missing", () => {
    expect(firebaseConfigFromEnv({})).toEqual({
      missing: [
        "VITE_FIREBASE_API_KEY",
        "VITE_FIREBASE_PROJECT_ID",
        "VITE_FIREBASE_MESSAGING_SENDER_ID",
        "VITE_FIREBASE_APP_ID",
        "VITE_FIREBASE_VAPID_KEY",
      ],
    })
    expect(firebaseConfigFromEnv({ ...full, VITE_FIREBASE_VAPID_KEY: "  " })).toEqual({
      missing: ["VITE_FIREBASE_VAPID_KEY"],
    })
  })
})

describe("lazyPush", () => {
  it("loads the implementation once, on first use", async () => {
    let loads = 0
    const push = lazyPush(async () => {
      loads += 1
      return unavailablePush("not here")
    })
    expect(loads).toBe(0)
    expect(await Effect.runPromise(push.unavailable)).toBe("not here")
    expect(await Effect.runPromise(push.permission)).toBe("default")
    expect(loads).toBe(1)
  })

  it("turns a chunk that fails to load into unavailable push, never a crash", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const push = lazyPush(() => Promise.reject(new Error("chunk 404")))
    // People read a sentence; the developer's detail goes to the console.
    expect(await Effect.runPromise(push.unavailable)).toBe(NOT_LOADED)
    expect(String(warn.mock.calls[0]?.[1])).toContain("chunk 404")
    warn.mockRestore()
    const token = await Effect.runPromiseExit(push.token)
    expect(Exit.isFailure(token)).toBe(true)
  })
})
