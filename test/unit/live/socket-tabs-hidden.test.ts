import { describe, expect, it, vi } from "vitest"
import type { ServerMessage } from "../../../src/schema/live/socket"
import { liveSocketName } from "../../../src/schema/tabs/tab-names"
import { read, token, twoTabs } from "./socket-tabs-fixture"

// Hidden tabs of a session (docs/behaviour.md#one-socket-per-session): a follower off screen keeps the frames it
// hears and applies them, in order and once, when it is shown or takes the socket over; a hidden holder tells the
// followers before it applies a frame itself.

const session = token("7", "0b7c9a52-7d4e-4f61-9a43-6c1f2a3b4c5d")
const reads = (heard: ReadonlyArray<unknown>) =>
  heard.filter(
    (h): h is ServerMessage =>
      typeof h === "object" && h !== null && "type" in h && h.type === "notification.read",
  )

describe("socket tabs, hidden", () => {
  it("a hidden follower applies what it heard when shown, in order and once", async () => {
    const { x, server } = await twoTabs(session)
    x.hide()
    server.handlers.message(read(1, 11), 0)
    server.handlers.message(read(2, 12), 0)
    // The holder has told it (a third tab on screen would have them), but it has applied nothing yet.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(reads(x.heard)).toEqual([])
    x.show()
    expect(reads(x.heard)).toEqual([read(1, 11), read(2, 12)])
    server.handlers.message(read(3, 13), 0)
    await vi.waitFor(() => expect(reads(x.heard)).toEqual([read(1, 11), read(2, 12), read(3, 13)]))
  })

  it("a hidden follower applies what it kept before a loss, and before anything else it hears", async () => {
    const { x, server } = await twoTabs(session)
    x.hide()
    server.handlers.message(read(1, 11), 0)
    server.handlers.closed({ planned: false, code: 1006, at: 1 })
    await vi.waitFor(() => expect(x.heard.at(-1)).toMatchObject({ planned: false, code: 1006 }))
    expect(reads(x.heard)).toEqual([read(1, 11)])
  })

  it("a hidden follower that takes the socket over applies what it kept, then opens from that position", async () => {
    const { a, x, server } = await twoTabs(session)
    x.hide()
    server.handlers.message(read(1, 11), 0)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(reads(x.heard)).toEqual([])
    a.crash()
    await vi.waitFor(() => expect(x.sockets).toHaveLength(1))
    expect(reads(x.heard)).toEqual([read(1, 11)])
    expect(x.sockets[0]?.since).toBe(11)
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

  it("a hidden follower decodes what it kept only as it applies it, and drops what does not decode then", async () => {
    const { x, server } = await twoTabs(session)
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    try {
      x.hide()
      server.handlers.message(read(1, 11), 0)
      // Another version of the app, in a third tab, says something this one cannot read.
      const other = new BroadcastChannel(liveSocketName("7:0b7c9a52-7d4e-4f61-9a43-6c1f2a3b4c5d"))
      other.postMessage({ type: "frame", message: { type: "from.the.future" } })
      other.close()
      server.handlers.message(read(2, 12), 0)
      await new Promise((resolve) => setTimeout(resolve, 50))
      // The holder read it as it came (and dropped it); the hidden follower has not read it yet.
      expect(warned).toHaveBeenCalledTimes(1)
      x.show()
      expect(reads(x.heard)).toEqual([read(1, 11), read(2, 12)])
      expect(warned).toHaveBeenCalledTimes(2)
    } finally {
      warned.mockRestore()
    }
  })
})
