import { describe, expect, it } from "vitest"
import { createActor, type EventObject, fromCallback, fromPromise, setup } from "xstate"
import { awaitFreshToken } from "../../src/effects/auth/refresh-gate"
import { REFRESH_FAILED, refreshMachine } from "../../src/machines/auth/refresh.machine"
import { busMachine } from "../../src/machines/system/bus.machine"
import { lookup } from "../../src/machines/system/registry"
import type { RefreshResponse } from "../../src/schema/auth/auth"

// The refresh queue's rules (one refresh for every 401 while it runs; all waiters released or rejected together)
// on the real machine, inside a small system with the real bus, where a recorder stands in for the auth actor,
// and the RefreshGate that requests wait on.

function queue() {
  const refreshes: Array<{ resolve: (r: RefreshResponse) => void; reject: (e: unknown) => void }> = []
  const toldAuth: EventObject[] = []
  const root = setup({
    actors: {
      bus: busMachine,
      refresh: refreshMachine.provide({
        actors: {
          refreshToken: fromPromise(
            () => new Promise<RefreshResponse>((resolve, reject) => refreshes.push({ resolve, reject })),
          ),
        },
      }),
      auth: fromCallback<EventObject>(({ receive }) => receive((event) => toldAuth.push(event))),
    },
  }).createMachine({
    invoke: [
      { src: "bus", systemId: "bus" },
      { src: "refresh", systemId: "refresh" },
      { src: "auth", systemId: "auth" },
    ],
  })
  const actor = createActor(root).start()
  const refresh = lookup(actor.system, "refresh")
  if (!refresh) throw new Error("the refresh queue did not start")
  const emitted: EventObject[] = []
  refresh.on("released", (e) => emitted.push(e))
  refresh.on("rejected", (e) => emitted.push(e))
  const request = (waiterId: string) => refresh.send({ type: "refresh.requested", waiterId })
  const last = () => refreshes.at(-1) ?? { resolve: () => {}, reject: () => {} }
  return { refresh, refreshes, toldAuth, emitted, request, last }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe("refresh queue", () => {
  it("the first request starts one refresh; requests while it runs join the queue instead", () => {
    const q = queue()
    q.request("a")
    expect(q.refreshes).toHaveLength(1)
    q.request("b")
    q.request("c")
    expect(q.refreshes).toHaveLength(1)
    expect(q.refresh.getSnapshot().context.waiters).toEqual(["a", "b", "c"])
  })

  it("success releases every waiter with the new token and tells the auth actor", async () => {
    const q = queue()
    q.request("a")
    q.request("b")
    q.last().resolve({ access: "fresh" })
    await tick()
    expect(q.emitted).toEqual([{ type: "released", waiterIds: ["a", "b"], token: "fresh" }])
    expect(q.toldAuth).toEqual([{ type: "auth.setAccessToken", token: "fresh" }])
    expect(q.refresh.getSnapshot()).toMatchObject({ value: "idle", context: { waiters: [] } })
  })

  it("failure rejects every waiter and tells the auth actor to log out with the refresh error", async () => {
    const q = queue()
    q.request("a")
    q.request("b")
    q.last().reject(new Error("401"))
    await tick()
    expect(q.emitted).toEqual([{ type: "rejected", waiterIds: ["a", "b"] }])
    expect(q.toldAuth).toEqual([{ type: "auth.forceLogout", error: "Refresh token expired or invalid." }])
    expect(REFRESH_FAILED).toBe("Refresh token expired or invalid.")
  })

  it("once settled, the next request starts a new refresh with a new queue", async () => {
    const q = queue()
    q.request("a")
    q.last().resolve({ access: "one" })
    await tick()
    q.request("b")
    expect(q.refreshes).toHaveLength(2)
    q.last().resolve({ access: "two" })
    await tick()
    expect(q.emitted.at(-1)).toEqual({ type: "released", waiterIds: ["b"], token: "two" })
  })
})

describe("RefreshGate (awaitFreshToken)", () => {
  it("each caller waits as its own waiter and gets the one new token", async () => {
    const q = queue()
    const waiting = [awaitFreshToken(q.refresh), awaitFreshToken(q.refresh), awaitFreshToken(q.refresh)]
    expect(q.refreshes).toHaveLength(1)
    expect(new Set(q.refresh.getSnapshot().context.waiters).size).toBe(3)
    q.last().resolve({ access: "fresh" })
    await expect(Promise.all(waiting)).resolves.toEqual(["fresh", "fresh", "fresh"])
  })

  it("every waiter is rejected with the refresh error when the refresh fails", async () => {
    const q = queue()
    const waiting = [awaitFreshToken(q.refresh), awaitFreshToken(q.refresh)].map((p) =>
      p.then(
        () => "resolved",
        (e: Error) => e.message,
      ),
    )
    q.last().reject(new Error("401"))
    await expect(Promise.all(waiting)).resolves.toEqual([REFRESH_FAILED, REFRESH_FAILED])
  })

  it("a waiter only settles on its own id, not on an earlier release", async () => {
    const q = queue()
    const first = awaitFreshToken(q.refresh)
    q.last().resolve({ access: "one" })
    await expect(first).resolves.toBe("one")
    let settled = false
    const second = awaitFreshToken(q.refresh).finally(() => {
      settled = true
    })
    await tick()
    expect(settled).toBe(false)
    q.last().resolve({ access: "two" })
    await expect(second).resolves.toBe("two")
  })

  it("without a running queue the wait fails at once instead of hanging", async () => {
    await expect(awaitFreshToken(undefined)).rejects.toThrow()
  })
})
