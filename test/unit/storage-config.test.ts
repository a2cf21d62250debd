import { Effect } from "effect"
import { describe, expect, it, vi } from "vitest"
import { SOCKET } from "../../src/constants"
import { configFromEnv, SLOW_RETRY_STORAGE_KEY } from "../../src/effects/system/config-env"
import { Storage, type StorageBackend } from "../../src/effects/system/storage"

const mapBackend = (): StorageBackend & { data: Map<string, string> } => {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  }
}
const throwing: StorageBackend = {
  getItem: () => {
    throw new DOMException("denied", "SecurityError")
  },
  setItem: () => {
    throw new DOMException("full", "QuotaExceededError")
  },
  removeItem: () => {
    throw new DOMException("denied", "SecurityError")
  },
}

describe("Storage", () => {
  it("gets, sets and removes through the backend", () => {
    const backend = mapBackend()
    const storage = Storage.make(backend)
    Effect.runSync(storage.set("deviceId", "abc"))
    expect(Effect.runSync(storage.get("deviceId"))).toBe("abc")
    Effect.runSync(storage.remove("deviceId"))
    expect(Effect.runSync(storage.get("deviceId"))).toBeNull()
  })

  it("is safe when storage is missing or refuses: reads answer null, writes are dropped", () => {
    for (const storage of [Storage.make(null), Storage.make(throwing)]) {
      expect(Effect.runSync(storage.get("k"))).toBeNull()
      expect(() => Effect.runSync(storage.set("k", "v"))).not.toThrow()
      expect(() => Effect.runSync(storage.remove("k"))).not.toThrow()
    }
  })

  it("its layer works in Node, where there is no localStorage", async () => {
    const value = await Effect.runPromise(
      Storage.use((s) => s.get("anything")).pipe(Effect.provide(Storage.layer)),
    )
    expect(value).toBeNull()
  })
})

describe("Config", () => {
  it("defaults to the page's origin (empty in Node) with the socket on ws:", () => {
    expect(configFromEnv({})).toEqual({
      apiBaseUrl: "",
      socketBaseUrl: "",
      socketSlowRetryMs: SOCKET.slowRetryMs,
    })
  })

  it("reads VITE_API_BASE_URL and VITE_SOCKET_BASE_URL, without a trailing slash", () => {
    expect(configFromEnv({ VITE_API_BASE_URL: "https://api.example.com/" })).toMatchObject({
      apiBaseUrl: "https://api.example.com",
      socketBaseUrl: "wss://api.example.com",
    })
    expect(
      configFromEnv({ VITE_API_BASE_URL: "http://a.test", VITE_SOCKET_BASE_URL: "ws://b.test/" }),
    ).toMatchObject({ apiBaseUrl: "http://a.test", socketBaseUrl: "ws://b.test" })
  })

  it("takes a shorter slow retry from this browser's storage where a tester set one, and nothing silly", () => {
    const stored = new Map<string, string>()
    vi.stubGlobal("localStorage", { getItem: (key: string) => stored.get(key) ?? null })
    try {
      stored.set(SLOW_RETRY_STORAGE_KEY, "2000")
      expect(configFromEnv({}).socketSlowRetryMs).toBe(2000)
      for (const silly of ["", "abc", "-5", "1.5", "10"]) {
        stored.set(SLOW_RETRY_STORAGE_KEY, silly)
        expect(configFromEnv({}).socketSlowRetryMs, silly).toBe(SOCKET.slowRetryMs)
      }
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
