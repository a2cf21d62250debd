import { afterEach, describe, expect, it, vi } from "vitest"
import type { AuthCalls } from "../../src/effects/auth/auth.actors"
import type { LoadedRuntime } from "../../src/effects/system/app-runtime"
import { ChunkLoadError } from "../../src/effects/system/load-chunk"
import type { AppRuntime } from "../../src/effects/system/runtime"
import { runtimeLoader } from "../../src/effects/system/runtime-loader"

// The root's runtime, loaded on first use: one load for every call made meanwhile, a clear error (never a hang)
// when its chunk does not arrive, and another try on the next call.

const notUsedYet = async (): Promise<never> => {
  throw new Error("not used")
}
const calls: AuthCalls = {
  refresh: async () => ({ access: "t1" }),
  login: async () => {
    throw new Error("not used")
  },
  profile: async () => {
    throw new Error("not used")
  },
  logout: async () => {},
  verifyCode: notUsedYet,
  verifyPasskey: notUsedYet,
  passkeySignIn: notUsedYet,
  startSetup: notUsedYet,
  confirmSetup: notUsedYet,
  setupPasskey: notUsedYet,
}
// The loader never looks into the runtime: a stand-in object is enough to tell loads apart.
const loaded = (): LoadedRuntime => ({ runtime: {} as AppRuntime, auth: calls })

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe("runtime loader", () => {
  it("loads the chunk once for every call made while it loads, and not before the first", async () => {
    const load = vi.fn(async () => loaded())
    const runtime = runtimeLoader(load, 1000)
    expect(load).not.toHaveBeenCalled()
    expect(runtime.loaded()).toBeNull()
    const [a, b, token] = await Promise.all([runtime.get(), runtime.get(), runtime.auth.refresh()])
    expect(load).toHaveBeenCalledTimes(1)
    expect(a).toBe(b)
    expect(token).toEqual({ access: "t1" })
    expect(runtime.loaded()).toBe(a)
    await runtime.get()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("a chunk that fails rejects every waiting call with a ChunkLoadError; the next call loads again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const load = vi
      .fn<() => Promise<LoadedRuntime>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(loaded())
    const runtime = runtimeLoader(load, 1000)
    const [first, second] = await Promise.allSettled([runtime.auth.refresh(), runtime.auth.profile()])
    expect(first).toMatchObject({ status: "rejected", reason: expect.any(ChunkLoadError) })
    expect(second).toMatchObject({ status: "rejected", reason: expect.any(ChunkLoadError) })
    expect(runtime.loaded()).toBeNull()
    await expect(runtime.auth.refresh()).resolves.toEqual({ access: "t1" })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it("a chunk that never arrives fails after the timeout", async () => {
    vi.useFakeTimers()
    vi.spyOn(console, "error").mockImplementation(() => {})
    const runtime = runtimeLoader(() => new Promise<LoadedRuntime>(() => {}), 120_000)
    const call = runtime.auth.refresh()
    const outcome = expect(call).rejects.toThrow("The page did not load within 120 s.")
    await vi.advanceTimersByTimeAsync(120_000)
    await outcome
  })

  it("a logout never fails, even when the runtime cannot load: local state is cleared anyway", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const runtime = runtimeLoader(() => Promise.reject(new Error("offline")), 1000)
    await expect(runtime.auth.logout()).resolves.toBeUndefined()
  })
})
