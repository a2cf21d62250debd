import { afterEach, describe, expect, it, vi } from "vitest"
import { hiddenHold } from "../../../src/effects/live/hidden-hold"

// What a hidden tab holding the socket keeps of the frames for its own page, and when it applies them.

afterEach(() => vi.useRealTimers())

function setup({ holdMs = 5000, holdFrames = 3, jitter = 0 } = {}) {
  let hidden = true
  const shown = new Set<() => void>()
  const applied: string[] = []
  const hold = hiddenHold<string>((m) => applied.push(m), {
    hidden: () => hidden,
    onShown: (listener) => {
      shown.add(listener)
      return () => shown.delete(listener)
    },
    holdMs,
    holdFrames,
    jitter: () => jitter,
  })
  const show = () => {
    hidden = false
    for (const listener of shown) listener()
  }
  return { hold, applied, show, shown, hide: () => (hidden = true) }
}

describe("hiddenHold", () => {
  it("applies frames at once on screen", () => {
    const { hold, applied, show } = setup()
    show()
    hold.frame("f1")
    expect(applied).toEqual(["f1"])
  })

  it("keeps frames while hidden and applies them in order when shown", () => {
    const { hold, applied, show } = setup()
    hold.frame("f1")
    hold.frame("f2")
    expect(applied).toEqual([])
    show()
    expect(applied).toEqual(["f1", "f2"])
    show()
    expect(applied).toEqual(["f1", "f2"])
  })

  it("applies what it kept after a wait between holdMs and twice that, drawn for the tab", async () => {
    vi.useFakeTimers()
    const { hold, applied } = setup({ holdMs: 5000, jitter: 0.5 })
    hold.frame("f1")
    hold.frame("f2")
    await vi.advanceTimersByTimeAsync(7499)
    expect(applied).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(applied).toEqual(["f1", "f2"])
  })

  it("applies what it kept after holdMs, or once holdFrames are kept", async () => {
    vi.useFakeTimers()
    const { hold, applied } = setup({ holdMs: 5000, holdFrames: 3 })
    hold.frame("f1")
    await vi.advanceTimersByTimeAsync(4999)
    expect(applied).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(applied).toEqual(["f1"])
    hold.frame("f2")
    hold.frame("f3")
    hold.frame("f4")
    expect(applied).toEqual(["f1", "f2", "f3", "f4"])
    // Nothing kept, nothing due: the timer went with the flush.
    await vi.advanceTimersByTimeAsync(5000)
    expect(applied).toEqual(["f1", "f2", "f3", "f4"])
  })

  it("applies what it kept before any other message, and before a frame heard on screen", () => {
    const { hold, applied, show, hide } = setup()
    hold.frame("f1")
    hold.other("lost")
    expect(applied).toEqual(["f1", "lost"])
    hold.frame("f2")
    show()
    hide()
    hold.frame("f3")
    hold.flush()
    expect(applied).toEqual(["f1", "lost", "f2", "f3"])
  })

  it("drops what it kept and stops listening when stopped", async () => {
    vi.useFakeTimers()
    const { hold, applied, show, shown } = setup()
    hold.frame("f1")
    hold.stop()
    expect(shown.size).toBe(0)
    show()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(applied).toEqual([])
  })
})
