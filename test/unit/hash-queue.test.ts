// The password-hash queue: never more jobs at once than its width, first come first served, sign-ins before
// background work, and a failing job frees its place.
import { describe, expect, it } from "vitest"
import { createHashQueue, defaultHashConcurrency } from "../../server/auth/hash-queue"

/** A job the test finishes by hand, recording when it started. */
function gate(log: string[], name: string) {
  let open: () => void = () => undefined
  let fail: (error: Error) => void = () => undefined
  const job = () =>
    new Promise<string>((resolve, reject) => {
      log.push(name)
      open = () => resolve(name)
      fail = reject
    })
  return { job, finish: () => open(), fail: (error: Error) => fail(error) }
}

const settle = () => new Promise((r) => setImmediate(r))

describe("hash queue", () => {
  it("runs at most its width at once, in arrival order", async () => {
    const queue = createHashQueue(2)
    const started: string[] = []
    const jobs = ["a", "b", "c", "d"].map((name) => gate(started, name))
    const results = jobs.map((j) => queue.run(j.job))
    await settle()
    expect(started).toEqual(["a", "b"])
    expect(queue.load()).toEqual({ running: 2, waiting: 2 })
    jobs[1]?.finish()
    expect(await results[1]).toBe("b")
    await settle()
    expect(started).toEqual(["a", "b", "c"])
    jobs[0]?.finish()
    jobs[2]?.finish()
    await settle()
    expect(started).toEqual(["a", "b", "c", "d"])
    jobs[3]?.finish()
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"])
    expect(queue.load()).toEqual({ running: 0, waiting: 0 })
  })

  it("starts waiting sign-ins before waiting background work", async () => {
    const queue = createHashQueue(1)
    const started: string[] = []
    const first = gate(started, "first")
    const background = gate(started, "background")
    const signIn = gate(started, "sign-in")
    const runs = [queue.run(first.job), queue.run(background.job, "later"), queue.run(signIn.job)]
    await settle()
    first.finish()
    await settle()
    expect(started).toEqual(["first", "sign-in"])
    signIn.finish()
    await settle()
    background.finish()
    await Promise.all(runs)
    expect(started).toEqual(["first", "sign-in", "background"])
  })

  it("passes a job's failure to its caller and goes on with the next", async () => {
    const queue = createHashQueue(1)
    const started: string[] = []
    const failing = gate(started, "failing")
    const next = gate(started, "next")
    const failed = queue.run(failing.job)
    const after = queue.run(next.job)
    await settle()
    failing.fail(new Error("out of memory"))
    await expect(failed).rejects.toThrow("out of memory")
    await settle()
    next.finish()
    expect(await after).toBe("next")
    // A job that throws before returning a promise is a failure too, not a stuck place.
    await expect(
      queue.run(() => {
        throw new Error("sync")
      }),
    ).rejects.toThrow("sync")
    expect(queue.load()).toEqual({ running: 0, waiting: 0 })
  })

  it("leaves a thread of libuv's pool free for the rest of the server", () => {
    expect(defaultHashConcurrency({})).toBeLessThanOrEqual(3)
    expect(defaultHashConcurrency({})).toBeGreaterThanOrEqual(1)
    expect(defaultHashConcurrency({ UV_THREADPOOL_SIZE: "2" })).toBe(1)
    expect(defaultHashConcurrency({ UV_THREADPOOL_SIZE: "1" })).toBe(1)
  })
})
