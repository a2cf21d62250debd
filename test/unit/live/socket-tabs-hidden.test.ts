import { describe, expect, it, vi } from "vitest"
import { SOCKET_TABS } from "../../../src/constants"
import type { ServerMessage } from "../../../src/schema/live/socket"
import { liveStreamName } from "../../../src/schema/tabs/tab-names"
import { browser, established, holds, read, token, twoTabs } from "./socket-tabs-fixture"

// Hidden tabs of a session (docs/behaviour.md#one-socket-per-session): a follower off screen stops hearing the
// holder's stream, so that the browser no longer wakes it for every frame, and catches up from the position it
// holds (in order and once) when it is shown, after a while, or as it takes the socket over; a hidden holder tells
// the followers of every frame at once and keeps them for its own page until it is shown.

const SESSION = "7:0b7c9a52-7d4e-4f61-9a43-6c1f2a3b4c5d"
const session = token("7", "0b7c9a52-7d4e-4f61-9a43-6c1f2a3b4c5d")
const reads = (heard: ReadonlyArray<unknown>) =>
  heard.filter(
    (h): h is ServerMessage =>
      typeof h === "object" && h !== null && "type" in h && h.type === "notification.read",
  )
const firstFrames = (heard: ReadonlyArray<unknown>) =>
  heard.filter(
    (h): h is ServerMessage =>
      typeof h === "object" && h !== null && "type" in h && h.type === "connection_established",
  )
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

type Tab = Awaited<ReturnType<typeof twoTabs>>["x"]

/** What `tell` sends wakes the tab not once: the browser brings it nothing on any channel. */
async function notWoken(tab: Tab, tell: () => unknown) {
  await settle()
  const woken = tab.woken.count
  await tell()
  await settle()
  expect(tab.woken.count).toBe(woken)
}

/** Two tabs, the follower hidden: it stops hearing the holder's stream as it is hidden. */
async function resting() {
  const tabs = await twoTabs(session)
  tabs.x.hide()
  await settle()
  return tabs
}

describe("socket tabs, hidden", () => {
  it("a hidden follower is not woken by the frames, and catches up when shown, in order and once", async () => {
    const { x, server } = await resting()
    await notWoken(x, () => {
      server.handlers.message(read(1, 11), 0)
      server.handlers.message(read(2, 12), 0)
    })
    expect(reads(x.heard)).toEqual([])
    x.show()
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11), read(2, 12)]))
    // Its connection stayed open: the holder's first frame is not said again, and the machine hears no reopening.
    expect(firstFrames(x.heard)).toHaveLength(1)
    expect(x.heard.filter((h) => h === "opened")).toHaveLength(1)
    server.handlers.message(read(3, 13), 0)
    await vi.waitFor(() => expect(reads(x.heard)).toHaveLength(3))
    expect(reads(x.heard).at(-1)).toEqual(read(3, 13))
  })

  it("a resting follower catches up on its own after a rest, and rests again while hidden", async () => {
    const { x, server } = await resting()
    server.handlers.message(read(1, 11), 0)
    await settle()
    expect(reads(x.heard)).toEqual([])
    expect(x.rested()).toBe(true)
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11)]))
    expect(firstFrames(x.heard)).toHaveLength(1)
    // Still hidden: it stops hearing the stream again once caught up, and waits out another rest.
    await notWoken(x, () => server.handlers.message(read(2, 12), 0))
    expect(x.rested()).toBe(true)
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11), read(2, 12)]))
  })

  it("a follower shown again hears every frame as it comes, and waits for no rest", async () => {
    const { x, server } = await resting()
    x.show()
    await settle()
    expect(x.rested()).toBe(false)
    server.handlers.message(read(1, 11), 0)
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11)]))
  })

  it("a follower that joins while hidden rests once the holder has answered it", async () => {
    const b = browser()
    const [a, x] = [b.tab("a"), b.tab("x")]
    const server = await holds(a, session)
    server.handlers.opened()
    server.handlers.message(established(10), 0)
    x.hide()
    x.open(session, 10)
    await vi.waitFor(() => expect(firstFrames(x.heard)).toHaveLength(1))
    await notWoken(x, () => server.handlers.message(read(1, 11), 0))
    x.show()
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11)]))
  })

  it("a resting follower hears a loss at once", async () => {
    const { x, server } = await resting()
    server.handlers.message(read(1, 11), 0)
    server.handlers.closed({ planned: false, code: 1006, at: 1 })
    await vi.waitFor(() => expect(x.heard.at(-1)).toMatchObject({ planned: false, code: 1006 }))
    expect(reads(x.heard)).toEqual([])
  })

  it("a resting follower that takes the socket over opens from the position it applied", async () => {
    const { a, x, server } = await resting()
    server.handlers.message(read(1, 11), 0)
    await settle()
    a.crash()
    await vi.waitFor(() => expect(x.sockets).toHaveLength(1))
    // The server replays what came after 10; the tab did not hear 11 on the channel.
    expect(x.sockets[0]?.since).toBe(10)
    expect(reads(x.heard)).toEqual([])
  })

  it("a resting follower joins a new holder from its position, and rests again once answered", async () => {
    const b = browser()
    const [a, y, x] = [b.tab("a"), b.tab("y"), b.tab("x")]
    const first = await holds(a, session)
    y.open(session, 10)
    x.open(session, 10)
    first.handlers.opened()
    first.handlers.message(established(10), 0)
    await vi.waitFor(() => expect(firstFrames(x.heard)).toHaveLength(1))
    x.hide()
    first.handlers.message(read(1, 11), 0)
    await vi.waitFor(() => expect(reads(y.heard)).toEqual([read(1, 11)]))
    a.crash()
    // The tab that asked for the lock first takes the socket over, from where it stands.
    await vi.waitFor(() => expect(y.sockets).toHaveLength(1))
    const next = y.sockets[0]
    if (!next) throw new Error("y's socket")
    expect(next.since).toBe(11)
    next.handlers.opened()
    next.handlers.message(established(11), 0)
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11)]))
    await notWoken(x, async () => {
      next.handlers.message(read(2, 12), 0)
      await vi.waitFor(() => expect(reads(y.heard)).toEqual([read(1, 11), read(2, 12)]))
    })
    expect(x.rested()).toBe(true)
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11), read(2, 12)]))
  })

  it("a follower that missed more than the holder keeps catches up by loading again", async () => {
    const { x, server } = await resting()
    for (let n = 0; n <= SOCKET_TABS.replayFrames; n++) server.handlers.message(read(100 + n, 11 + n), 0)
    x.show()
    await vi.waitFor(() => expect(firstFrames(x.heard)).toHaveLength(2))
    expect(firstFrames(x.heard).at(-1)).toMatchObject({
      reload: true,
      position: 11 + SOCKET_TABS.replayFrames,
    })
  })

  it("a hidden holder tells the followers before it applies a frame, a shown one after", async () => {
    const { a, x, server } = await twoTabs(session)
    const order: string[] = []
    const told = new Promise<void>((resolve) => {
      const watch = setInterval(() => {
        if (reads(x.heard).length === 0) return
        clearInterval(watch)
        resolve()
      }, 1)
    })
    a.hide()
    // The holder's own socket machine hears the frame as the handler returns; its followers are told first.
    const tell = vi.spyOn(BroadcastChannel.prototype, "postMessage")
    server.handlers.message(read(1, 11), 0)
    order.push(tell.mock.calls.length > 0 ? "told" : "not told")
    a.show()
    tell.mockClear()
    server.handlers.message(read(2, 12), 0)
    order.push(tell.mock.calls.length > 0 ? "told" : "not told")
    await told
    expect(order).toEqual(["told", "not told"])
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11), read(2, 12)]))
  })

  it("a hidden holder tells every frame at once, and keeps them for its own page until it is shown", async () => {
    const { a, x, server } = await twoTabs(session)
    a.hide()
    server.handlers.message(read(1, 11), 0)
    server.handlers.message(read(2, 12), 0)
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11), read(2, 12)]))
    expect(reads(a.heard)).toEqual([])
    a.show()
    expect(reads(a.heard)).toEqual([read(1, 11), read(2, 12)])
  })

  it("a hidden holder applies what it kept before its socket's loss", async () => {
    const { a, server } = await twoTabs(session)
    a.hide()
    server.handlers.message(read(1, 11), 0)
    server.handlers.closed({ planned: false, code: 1006, at: 1 })
    expect(reads(a.heard)).toEqual([read(1, 11)])
    expect(a.heard.at(-1)).toMatchObject({ planned: false, code: 1006 })
  })

  it("a frame on the stream that does not decode is dropped with a warning, and the next one is heard", async () => {
    const { x, server } = await twoTabs(session)
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    // Another version of the app, in a third tab, says something this one cannot read.
    const other = new BroadcastChannel(liveStreamName(SESSION))
    other.postMessage({ type: "frame", message: { type: "from.the.future" } })
    other.close()
    server.handlers.message(read(1, 11), 0)
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11)]))
    // The holder hears the stream too: both dropped it.
    expect(warned).toHaveBeenCalledTimes(2)
  })
})
