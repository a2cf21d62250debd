// A lazily loaded page can be asked for ahead of its first render (a reload of that page): the loader runs
// at once, and a loader that fails leaves no unhandled rejection behind (the render shows the retry).
import { describe, expect, it, vi } from "vitest"
import { lazyPage } from "../../src/views/shared/lazy-page"

describe("lazyPage preload", () => {
  it("runs the loader when asked, before any render", () => {
    const load = vi.fn(() => Promise.resolve({ default: () => null }))
    const Page = lazyPage(load)
    expect(load).not.toHaveBeenCalled()
    Page.preload()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("swallows a failed preload", async () => {
    const unhandled = vi.fn()
    process.on("unhandledRejection", unhandled)
    try {
      const Page = lazyPage<object>(() => Promise.reject<{ default: () => null }>(new Error("chunk gone")))
      Page.preload()
      await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off("unhandledRejection", unhandled)
    }
  })
})
