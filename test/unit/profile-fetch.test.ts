import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { PROFILE_FETCH, profileBackoffMs } from "../../src/constants"
import { authMachine } from "../../src/machines/auth/auth.machine"
import type { User } from "../../src/schema/auth/auth"
import { demoUser } from "./fake-auth-server"

// The profile is fetched after refresh or login, up to 3 attempts in total, waiting 500 ms times the
// attempt number between attempts. Timed with fake timers against the real machine.

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, "warn").mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** Signs in by the silent refresh; the profile call answers from `outcomes` in order, recording when. */
function signIn(outcomes: ReadonlyArray<"fail" | "ok">) {
  const t0 = Date.now()
  const at: number[] = []
  const machine = authMachine.provide({
    actors: {
      refreshToken: fromPromise(async () => ({ access: "t1" })),
      fetchProfile: fromPromise<User>(async () => {
        at.push(Date.now() - t0)
        if (outcomes[at.length - 1] === "ok") return demoUser
        throw new Error("503")
      }),
    },
  })
  return { actor: createActor(machine).start(), at }
}

describe("profile fetch retries", () => {
  it("the constants say 3 attempts, 500 ms times the attempt", () => {
    expect(PROFILE_FETCH.attempts).toBe(3)
    expect([profileBackoffMs(1), profileBackoffMs(2)]).toEqual([500, 1000])
  })

  it("three attempts at 0, 500 and 1500 ms, then none more; the session stays", async () => {
    const { actor, at } = signIn(["fail", "fail", "fail", "ok"])
    await vi.advanceTimersByTimeAsync(499)
    expect(at).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    expect(at).toEqual([0, 500])
    await vi.advanceTimersByTimeAsync(999)
    expect(at).toEqual([0, 500])
    await vi.advanceTimersByTimeAsync(1)
    expect(at).toEqual([0, 500, 1500])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(at).toHaveLength(PROFILE_FETCH.attempts)
    expect(actor.getSnapshot().context).toMatchObject({
      status: "AUTHENTICATED",
      user: null,
      profileLoaded: true,
    })
    expect(console.warn).toHaveBeenCalledTimes(1)
  })

  it("a second attempt that succeeds sets the user and stops retrying", async () => {
    const { actor, at } = signIn(["fail", "ok"])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(at).toEqual([0, 500])
    expect(actor.getSnapshot().context).toMatchObject({ user: demoUser, profileLoaded: true })
    expect(console.warn).not.toHaveBeenCalled()
  })

  it("signing out while waiting cancels the pending attempt", async () => {
    const { actor, at } = signIn(["fail", "ok"])
    await vi.advanceTimersByTimeAsync(100)
    actor.send({ type: "auth.logout" })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(at).toEqual([0])
    expect(actor.getSnapshot().context.user).toBeNull()
  })
})
