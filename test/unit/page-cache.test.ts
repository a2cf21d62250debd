// The notification page cache: a stored page is served until its user's notifications change; a load that
// overlaps a change, or a gap in listening, is never kept; the budget is held by forgetting whole users.
import { describe, expect, it } from "vitest"
import { createPageCache } from "../../server/notifications/page-cache"

/** A load finished by hand, so a test can put a change between its start and its end. */
function heldLoad(body: string) {
  let finish: () => void = () => undefined
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return {
    run: async () => {
      await done
      return body
    },
    finish: () => finish(),
  }
}

describe("page cache", () => {
  it("serves a loaded page until the user's notifications change, and only that user's", async () => {
    const cache = createPageCache()
    expect(cache.get(1, "/p")).toBeUndefined()
    expect(await cache.load(1, "/p", async () => "one")).toBe("one")
    await cache.load(2, "/p", async () => "two")
    expect(cache.get(1, "/p")).toBe("one")
    expect(cache.get(1, "/other")).toBeUndefined()
    cache.changed(1)
    expect(cache.get(1, "/p")).toBeUndefined()
    expect(cache.get(2, "/p")).toBe("two")
  })

  it("does not keep a load during which the user's notifications changed", async () => {
    const cache = createPageCache()
    const held = heldLoad("before the change")
    const answer = cache.load(1, "/p", held.run)
    cache.changed(1)
    held.finish()
    // The caller still gets its answer (it asked before the change); nobody after it does.
    expect(await answer).toBe("before the change")
    expect(cache.get(1, "/p")).toBeUndefined()
    await cache.load(1, "/p", async () => "after")
    expect(cache.get(1, "/p")).toBe("after")
  })

  it("keeps a load when only another user changed meanwhile", async () => {
    const cache = createPageCache()
    const held = heldLoad("mine")
    const answer = cache.load(1, "/p", held.run)
    cache.changed(2)
    held.finish()
    await answer
    expect(cache.get(1, "/p")).toBe("mine")
  })

  it("serves and keeps nothing while changes cannot be heard, nor a load that spans the gap", async () => {
    const cache = createPageCache()
    await cache.load(1, "/p", async () => "stored")
    cache.setListening(false)
    expect(cache.get(1, "/p")).toBeUndefined()
    await cache.load(1, "/p", async () => "unheard")
    expect(cache.get(1, "/p")).toBeUndefined()
    const spanning = heldLoad("read during the gap")
    const answer = cache.load(1, "/p", spanning.run)
    cache.setListening(true)
    spanning.finish()
    await answer
    expect(cache.get(1, "/p")).toBeUndefined()
    expect(cache.size()).toEqual({ users: 0, pages: 0, chars: 0 })
    await cache.load(1, "/p", async () => "heard again")
    expect(cache.get(1, "/p")).toBe("heard again")
  })

  it("keeps the newest pages per user and forgets least recently used users beyond the budget", async () => {
    const cache = createPageCache({ pagesPerUser: 2, totalChars: 64 * 3 + 25, maxAgeMs: 10_000 })
    for (const url of ["/a", "/b", "/c"]) await cache.load(1, url, async () => "x".repeat(5))
    expect(cache.get(1, "/a")).toBeUndefined()
    expect(cache.get(1, "/c")).toBe("xxxxx")
    await cache.load(2, "/a", async () => "y".repeat(10))
    expect(cache.get(1, "/b")).toBe("xxxxx") // user 1 is now the most recently used
    await cache.load(3, "/a", async () => "z".repeat(10))
    expect(cache.get(2, "/a")).toBeUndefined()
    expect(cache.get(1, "/b")).toBe("xxxxx")
    expect(cache.get(3, "/a")).toBe("z".repeat(10))
    expect(cache.size().chars).toBeLessThanOrEqual(64 * 3 + 25)
  })

  it("a forgotten user's change still stops a load that overlapped it", async () => {
    const cache = createPageCache({ pagesPerUser: 1, totalChars: 64 + 10, maxAgeMs: 10_000 })
    const held = heldLoad("stale")
    const answer = cache.load(1, "/p", held.run)
    cache.changed(1)
    // User 2's page pushes user 1 (and the stamp of its change) out of the budget.
    await cache.load(2, "/p", async () => "0123456789")
    held.finish()
    await answer
    expect(cache.get(1, "/p")).toBeUndefined()
  })

  it("ages a page out after maxAgeMs without any change heard (a write that announced nothing)", async () => {
    let time = 0
    const cache = createPageCache({ pagesPerUser: 8, totalChars: 1024, maxAgeMs: 1000 }, () => time)
    await cache.load(1, "/p", async () => "old")
    time = 1000
    expect(cache.get(1, "/p")).toBe("old")
    time = 1001
    expect(cache.get(1, "/p")).toBeUndefined()
    expect(cache.size()).toEqual({ users: 1, pages: 0, chars: 64 })
  })
})
