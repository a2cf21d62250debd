import { afterEach, describe, expect, it, vi } from "vitest"
import { ChunkLoadError, loadChunk, onDemand } from "../../src/effects/system/load-chunk"

// A page's chunk fails into its retry screen; an on-demand part's code is downloaded again until it arrives,
// since a rejected import would reach React's render through `lazy` and take the page down.

afterEach(() => vi.useRealTimers())

/** A download that fails the first `failures` times, then answers with the attempt's number. */
function flaky(failures: number) {
  let attempts = 0
  const load = vi.fn(() => {
    attempts += 1
    return attempts <= failures
      ? Promise.reject(new TypeError("Failed to fetch dynamically imported module"))
      : Promise.resolve(attempts)
  })
  return load
}

describe("onDemand", () => {
  it("downloads nothing until asked, then once for every caller", async () => {
    const load = flaky(0)
    const part = onDemand(load, 2000)
    expect(load).not.toHaveBeenCalled()
    const [a, b] = await Promise.all([part(), part()])
    expect([a, b]).toEqual([1, 1])
    await expect(part()).resolves.toBe(1)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("tries a failed download again after the wait, and never rejects", async () => {
    vi.useFakeTimers()
    const load = flaky(2)
    const part = onDemand(load, 2000)
    let settled: number | "rejected" | null = null
    part().then(
      (value) => {
        settled = value
      },
      () => {
        settled = "rejected"
      },
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1999)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(2)
    expect(settled).toBeNull()
    await vi.advanceTimersByTimeAsync(2000)
    expect(load).toHaveBeenCalledTimes(3)
    expect(settled).toBe(3)
    // A later caller gets the module that arrived, with no download of its own.
    await expect(part()).resolves.toBe(3)
    expect(load).toHaveBeenCalledTimes(3)
  })
})

describe("loadChunk", () => {
  it("rejects with a ChunkLoadError when the chunk fails", async () => {
    await expect(loadChunk(flaky(1), 1000)).rejects.toBeInstanceOf(ChunkLoadError)
  })

  it("rejects with a ChunkLoadError when the chunk has not arrived within the timeout", async () => {
    vi.useFakeTimers()
    const never = loadChunk(() => new Promise<never>(() => undefined), 1000)
    const outcome = expect(never).rejects.toThrow("The page did not load within 1 s.")
    await vi.advanceTimersByTimeAsync(1000)
    await outcome
  })
})
