// The notification page cache: a stored page is served until its user's notifications change; a load that
// overlaps a change, or a gap in listening, is never kept; the budget is held by forgetting whole users.
import { describe, expect, it } from "vitest"
import type { Encoding } from "../../server/http/compression"
import { createPageCache, type LoadedPage, PAGE_CACHE_LIMITS } from "../../server/notifications/page-cache"
import { restampLivePosition, withLivePosition } from "../../server/notifications/page-position"

/** A stand-in compressor that counts its calls: "<encoding>:<body>" as bytes. */
function countingCompressor() {
  const calls: string[] = []
  const compress = (body: string, encoding: Encoding) => {
    calls.push(`${encoding} ${body}`)
    return Buffer.from(`${encoding}:${body}`)
  }
  return { calls, compress }
}

/** A body as a load returns it, from before any position was heard. */
const loaded = (body: string): LoadedPage => ({ body, position: 0 })

/** A load finished by hand, so a test can put a change between its start and its end. */
function heldLoad(body: string) {
  let finish: () => void = () => undefined
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return {
    run: async () => {
      await done
      return loaded(body)
    },
    finish: () => finish(),
  }
}

describe("page cache", () => {
  it("serves a loaded page until the user's notifications change, and only that user's", async () => {
    const cache = createPageCache()
    expect(cache.get(1, "/p")?.body).toBeUndefined()
    expect((await cache.load(1, "/p", async () => loaded("one"))).body).toBe("one")
    await cache.load(2, "/p", async () => loaded("two"))
    expect(cache.get(1, "/p")?.body).toBe("one")
    expect(cache.get(1, "/other")?.body).toBeUndefined()
    cache.changed(1)
    expect(cache.get(1, "/p")?.body).toBeUndefined()
    expect(cache.get(2, "/p")?.body).toBe("two")
  })

  it("does not keep a load during which the user's notifications changed", async () => {
    const cache = createPageCache()
    const held = heldLoad("before the change")
    const answer = cache.load(1, "/p", held.run)
    cache.changed(1)
    held.finish()
    // The caller still gets its answer (it asked before the change); nobody after it does.
    expect((await answer).body).toBe("before the change")
    expect(cache.get(1, "/p")?.body).toBeUndefined()
    await cache.load(1, "/p", async () => loaded("after"))
    expect(cache.get(1, "/p")?.body).toBe("after")
  })

  it("keeps a load when only another user changed meanwhile", async () => {
    const cache = createPageCache()
    const held = heldLoad("mine")
    const answer = cache.load(1, "/p", held.run)
    cache.changed(2)
    held.finish()
    await answer
    expect(cache.get(1, "/p")?.body).toBe("mine")
  })

  it("serves and keeps nothing while changes cannot be heard, nor a load that spans the gap", async () => {
    const cache = createPageCache()
    await cache.load(1, "/p", async () => loaded("stored"))
    cache.setListening(false)
    expect(cache.get(1, "/p")?.body).toBeUndefined()
    await cache.load(1, "/p", async () => loaded("unheard"))
    expect(cache.get(1, "/p")?.body).toBeUndefined()
    const spanning = heldLoad("read during the gap")
    const answer = cache.load(1, "/p", spanning.run)
    cache.setListening(true)
    spanning.finish()
    await answer
    expect(cache.get(1, "/p")?.body).toBeUndefined()
    expect(cache.size()).toEqual({ users: 0, pages: 0, chars: 0 })
    await cache.load(1, "/p", async () => loaded("heard again"))
    expect(cache.get(1, "/p")?.body).toBe("heard again")
  })

  it("keeps the newest pages per user and forgets least recently used users beyond the budget", async () => {
    const cache = createPageCache({ pagesPerUser: 2, totalChars: 64 * 3 + 25, maxAgeMs: 10_000 })
    for (const url of ["/a", "/b", "/c"]) await cache.load(1, url, async () => loaded("x".repeat(5)))
    expect(cache.get(1, "/a")?.body).toBeUndefined()
    expect(cache.get(1, "/c")?.body).toBe("xxxxx")
    await cache.load(2, "/a", async () => loaded("y".repeat(10)))
    expect(cache.get(1, "/b")?.body).toBe("xxxxx") // user 1 is now the most recently used
    await cache.load(3, "/a", async () => loaded("z".repeat(10)))
    expect(cache.get(2, "/a")?.body).toBeUndefined()
    expect(cache.get(1, "/b")?.body).toBe("xxxxx")
    expect(cache.get(3, "/a")?.body).toBe("z".repeat(10))
    expect(cache.size().chars).toBeLessThanOrEqual(64 * 3 + 25)
  })

  it("a forgotten user's change still stops a load that overlapped it", async () => {
    const cache = createPageCache({ pagesPerUser: 1, totalChars: 64 + 10, maxAgeMs: 10_000 })
    const held = heldLoad("stale")
    const answer = cache.load(1, "/p", held.run)
    cache.changed(1)
    // User 2's page pushes user 1 (and the stamp of its change) out of the budget.
    await cache.load(2, "/p", async () => loaded("0123456789"))
    held.finish()
    await answer
    expect(cache.get(1, "/p")?.body).toBeUndefined()
  })

  it("ages a page out after maxAgeMs without any change heard (a write that announced nothing)", async () => {
    let time = 0
    const cache = createPageCache({ pagesPerUser: 8, totalChars: 1024, maxAgeMs: 1000 }, () => time)
    await cache.load(1, "/p", async () => loaded("old"))
    time = 1000
    expect(cache.get(1, "/p")?.body).toBe("old")
    time = 1001
    expect(cache.get(1, "/p")?.body).toBeUndefined()
    expect(cache.size()).toEqual({ users: 1, pages: 0, chars: 64 })
  })

  it("compresses a stored page once per encoding and keeps the bytes until the page changes", async () => {
    const { calls, compress } = countingCompressor()
    const cache = createPageCache(PAGE_CACHE_LIMITS, Date.now, compress)
    await cache.load(1, "/p", async () => loaded("body"))
    expect(cache.get(1, "/p")?.compressed("br").toString()).toBe("br:body")
    expect(cache.get(1, "/p")?.compressed("br").toString()).toBe("br:body")
    expect(cache.get(1, "/p")?.compressed("gzip").toString()).toBe("gzip:body")
    expect(calls).toEqual(["br body", "gzip body"])
    // The bytes are counted against the budget beside the body.
    expect(cache.size().chars).toBe(64 + "body".length + "br:body".length + "gzip:body".length)
    cache.changed(1)
    expect(cache.size().chars).toBe(64)
    await cache.load(1, "/p", async () => loaded("new"))
    expect(cache.get(1, "/p")?.compressed("br").toString()).toBe("br:new")
    expect(calls).toEqual(["br body", "gzip body", "br new"])
  })

  it("compresses a page it did not keep for its own answer, without counting it or keeping it", async () => {
    const { calls, compress } = countingCompressor()
    const cache = createPageCache(PAGE_CACHE_LIMITS, Date.now, compress)
    const held = heldLoad("overlapped")
    const answer = cache.load(1, "/p", held.run)
    cache.changed(1)
    held.finish()
    const page = await answer
    expect(page.compressed("gzip").toString()).toBe("gzip:overlapped")
    expect(page.compressed("gzip").toString()).toBe("gzip:overlapped")
    expect(calls).toEqual(["gzip overlapped"])
    expect(cache.size()).toEqual({ users: 1, pages: 0, chars: 64 })
  })

  it("bytes made for a page dropped meanwhile are not counted, and a page's bytes can push users out", async () => {
    const { compress } = countingCompressor()
    const cache = createPageCache(
      { pagesPerUser: 8, totalChars: 64 * 2 + 20, maxAgeMs: 10_000 },
      Date.now,
      compress,
    )
    const first = await cache.load(1, "/p", async () => loaded("12345"))
    cache.changed(1)
    first.compressed("br")
    expect(cache.size().chars).toBe(64)
    await cache.load(2, "/p", async () => loaded("abcde"))
    expect(cache.size()).toEqual({ users: 2, pages: 1, chars: 64 * 2 + 5 })
    // 5 + "gzip:abcde" (10) fit; then "br:abcde" (8) would pass the budget: the least recently used user
    // (1, holding nothing) goes first.
    cache.get(2, "/p")?.compressed("gzip")
    cache.get(2, "/p")?.compressed("br")
    expect(cache.size()).toEqual({ users: 1, pages: 1, chars: 64 + 5 + 10 + 8 })
    expect(cache.get(2, "/p")?.body).toBe("abcde")
  })
  it("states the newest position heard for a page still stored, its bytes made again for the new body", async () => {
    const { calls, compress } = countingCompressor()
    const cache = createPageCache(PAGE_CACHE_LIMITS, Date.now, compress)
    const body = withLivePosition('{"results":[{"title":"a \\",\\"live_position\\":1}"}]}', 70)
    await cache.load(1, "/p", async () => ({ body, position: 70 }))
    cache.get(1, "/p")?.compressed("br")
    // Other users' changes moved the log on; this user's pages heard nothing, so they reflect 75 too.
    cache.heard(75)
    const restamped = cache.get(1, "/p")
    expect(JSON.parse(restamped?.body ?? "")).toEqual({
      results: [{ title: 'a ","live_position":1}' }],
      live_position: 75,
    })
    expect(restamped?.compressed("br").toString()).toBe(`br:${restamped?.body}`)
    expect(calls).toEqual([`br ${body}`, `br ${restamped?.body}`])
    // An older NOTIFY heard late moves nothing back.
    cache.heard(72)
    expect(cache.get(1, "/p")?.body).toBe(restamped?.body)
    expect(cache.size().chars).toBe(64 + (restamped?.body.length ?? 0) * 2 + 3)
  })

  it("never states a heard position for a page whose user's change was heard before it", async () => {
    const cache = createPageCache()
    await cache.load(1, "/p", async () => ({ body: withLivePosition("{}", 70), position: 70 }))
    // The order every transaction's NOTIFYs arrive in: the user's change, then the log's position.
    cache.changed(1)
    cache.heard(71)
    expect(cache.get(1, "/p")).toBeUndefined()
    await cache.load(1, "/p", async () => ({ body: withLivePosition("{}", 71), position: 71 }))
    expect(cache.get(1, "/p")?.body).toBe('{"live_position":71}')
  })

  it("appends the position as the last key, and leaves a body without one as it is", () => {
    expect(withLivePosition('{"count":2}', 9)).toBe('{"count":2,"live_position":9}')
    expect(restampLivePosition('{"count":2,"live_position":9}', 12)).toBe('{"count":2,"live_position":12}')
    expect(restampLivePosition("plain", 12)).toBe("plain")
  })
})
