import { Effect, Layer, ManagedRuntime } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { AuthApi } from "../../src/effects/auth/auth-api"
import { Api } from "../../src/effects/system/api-client"
import { Config } from "../../src/effects/system/config"
import { HttpEnv } from "../../src/effects/system/http-env"
import { Storage } from "../../src/effects/system/storage"
import { channelOver, TabChannel } from "../../src/effects/tabs/tab-channel"
import type { LocksLike } from "../../src/effects/tabs/tab-link"
import type { TabMessage } from "../../src/schema/tabs/tabs"

// The tabs of one browser, with Node's real BroadcastChannel between them (one name per test) and an in-memory
// lock manager that behaves as the browser's does: one holder per name, the others queue.

function memoryLocks(): LocksLike {
  const held = new Set<string>()
  const waiting = new Map<string, Array<() => void>>()
  const request: LocksLike["request"] = (name, options, callback) => {
    const run = (): Promise<unknown> => {
      held.add(name)
      return callback({ name }).finally(() => {
        held.delete(name)
        waiting.get(name)?.shift()?.()
      })
    }
    if (!held.has(name)) return run()
    if (options.ifAvailable) return callback(null)
    return new Promise((resolve) => {
      const queue = waiting.get(name) ?? []
      queue.push(() => resolve(run()))
      waiting.set(name, queue)
    })
  }
  return { request }
}

const open: BroadcastChannel[] = []
afterEach(() => {
  for (const channel of open.splice(0)) channel.close()
  vi.restoreAllMocks()
})

/** Two or more tabs of one browser: a channel each on one name, one lock manager for all. */
function tabs(count: number) {
  const name = `tabs-test-${Math.random()}`
  const locks = memoryLocks()
  return Array.from({ length: count }, () => {
    const channel = new BroadcastChannel(name)
    open.push(channel)
    return channelOver(channel, locks)
  })
}

const heard = (tab: ReturnType<typeof tabs>[number]) => {
  const got: TabMessage[] = []
  Effect.runSync(tab.listen((m) => got.push(m)))
  return got
}

describe("tab channel", () => {
  it("a message posted by one tab reaches the others, never itself; one that does not decode is dropped", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {})
    const [a, b] = tabs(2)
    if (!a || !b) throw new Error("two tabs")
    const atA = heard(a)
    const atB = heard(b)
    await Effect.runPromise(a.post({ type: "signedOut" }))
    const stray = new BroadcastChannel(open[0]?.name ?? "")
    open.push(stray)
    stray.postMessage({ type: "signedIn", token: "" })
    await vi.waitFor(() => expect(atB).toEqual([{ type: "signedOut" }]))
    expect(atA).toEqual([])
  })

  it("a refresh on its own, in a tab nobody else refreshes in, asks the server and tells the other tabs", async () => {
    const [a, b] = tabs(2)
    if (!a || !b) throw new Error("two tabs")
    const atB = heard(b)
    const token = await Effect.runPromise(a.shareRefresh(Effect.succeed("t-a")))
    expect(token).toBe("t-a")
    await vi.waitFor(() => expect(atB).toEqual([{ type: "token", token: "t-a" }]))
  })

  it("a tab that waited for another's refresh, and heard no token from it, refreshes itself", async () => {
    const [a, b] = tabs(2)
    if (!a || !b) throw new Error("two tabs")
    const failing = a.shareRefresh(Effect.fail("refused").pipe(Effect.delay("30 millis")))
    const later = b.shareRefresh(Effect.succeed("t-b"))
    const [first, second] = await Promise.all([
      Effect.runPromise(Effect.flip(failing)),
      Effect.runPromise(later),
    ])
    expect(first).toBe("refused")
    expect(second).toBe("t-b")
  })
})

describe("refresh across tabs", () => {
  it("four tabs refreshing at once ask the server once; the others take the token it gave", async () => {
    const channels = tabs(4)
    let serverRefreshes = 0
    const runtimeFor = (tab: (typeof channels)[number]) =>
      ManagedRuntime.make(
        AuthApi.layer.pipe(
          Layer.provide(Layer.succeed(TabChannel, tab)),
          Layer.provideMerge(Api.layer),
          Layer.provide(
            Layer.mergeAll(
              Config.layer({
                apiBaseUrl: "http://app.test",
                socketBaseUrl: "ws://app.test",
                socketSlowRetryMs: 60_000,
              }),
              HttpEnv.layer({
                fetch: async () => {
                  serverRefreshes += 1
                  // The server answers after a moment, as a real one does, while the others wait for the lock.
                  await new Promise((r) => setTimeout(r, 30))
                  return new Response(JSON.stringify({ access: `t${serverRefreshes}` }), { status: 200 })
                },
                currentToken: () => null,
                awaitFreshToken: () => Promise.reject(new Error("not used")),
              }),
            ),
          ),
          Layer.provideMerge(Storage.layerFrom(null)),
        ),
      )
    const runtimes = channels.map(runtimeFor)
    const tokens = await Promise.all(
      runtimes.map((rt) => rt.runPromise(AuthApi.use((a) => a.refresh)).then((r) => r.access)),
    )
    expect(serverRefreshes).toBe(1)
    expect(tokens).toEqual(["t1", "t1", "t1", "t1"])
    await Promise.all(runtimes.map((rt) => rt.dispose()))
  })
})
