// Coalesced reads: callers at the same time share a load, but never one that started before they asked.
import { describe, expect, it } from "vitest"
import { coalescer } from "../../server/db/coalesce"

/** A load whose answer is the value of `state` when the load started, finished by hand. */
function controlledLoads() {
  const state = { value: 0 }
  const pending: Array<() => void> = []
  let started = 0
  const load = () => {
    started += 1
    const seen = state.value
    return new Promise<number>((resolve) => pending.push(() => resolve(seen)))
  }
  const finishNext = async () => {
    const next = pending.shift()
    if (!next) throw new Error("no load running")
    next()
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  return { state, load, finishNext, started: () => started }
}

describe("coalescer", () => {
  it("a caller that arrives during a load waits for the next one, which all late callers share", async () => {
    const c = coalescer<string, number>()
    const l = controlledLoads()
    const first = c("k", l.load)
    await Promise.resolve()
    expect(l.started()).toBe(1)
    l.state.value = 1 // a write committed while the first load runs
    const late = [c("k", l.load), c("k", l.load), c("k", l.load)]
    await l.finishNext()
    expect(await first).toBe(0)
    expect(l.started()).toBe(2)
    await l.finishNext()
    expect(await Promise.all(late)).toEqual([1, 1, 1])
    expect(l.started()).toBe(2)
  })

  it("different keys never share, and a key starts afresh once its loads are done", async () => {
    const c = coalescer<string, number>()
    const l = controlledLoads()
    const a = c("a", l.load)
    const b = c("b", l.load)
    await Promise.resolve()
    expect(l.started()).toBe(2)
    await l.finishNext()
    await l.finishNext()
    await Promise.all([a, b])
    l.state.value = 5
    const again = c("a", l.load)
    await Promise.resolve()
    expect(l.started()).toBe(3)
    await l.finishNext()
    expect(await again).toBe(5)
  })

  it("a failed load fails its callers only; the queued load still runs", async () => {
    const c = coalescer<string, number>()
    let calls = 0
    let release: () => void = () => {}
    const failing = () =>
      new Promise<number>((_, reject) => {
        calls += 1
        release = () => reject(new Error("db down"))
      })
    const first = c("k", failing)
    await Promise.resolve()
    const late = c("k", () => Promise.resolve(7))
    release()
    await expect(first).rejects.toThrow("db down")
    expect(await late).toBe(7)
    expect(calls).toBe(1)
  })
})
