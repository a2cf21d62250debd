import { afterEach, describe, expect, it, vi } from "vitest"
import { type RelayLink, relayLinkOver } from "../../../src/effects/live/relay-link"
import type { RelayMessage } from "../../../src/schema/live/tab-relay"

// The channels one session's tabs share their socket on (docs/behaviour.md#one-socket-per-session): the stream
// apart from the rest, heard only while asked for, and what each tab decodes of it.

const open: BroadcastChannel[] = []
const channel = (name: string) => {
  const made = new BroadcastChannel(name)
  open.push(made)
  return made
}
afterEach(() => {
  for (const each of open.splice(0)) each.close()
  vi.restoreAllMocks()
})

/** A tab's link on the session `s`, and what it heard. */
function tabOn(s: string, tab: string) {
  const heard: RelayMessage[] = []
  const link: RelayLink = relayLinkOver(channel(`${s}`), () => channel(`${s}:stream`), tab)
  link.listen((message) => heard.push(message))
  return { link, heard }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30))
const frame: RelayMessage = { type: "frame", message: { type: "unread_count", unread_count: 2 } }

describe("relay link", () => {
  it("tells frames on the stream, heard only while the stream is heard; the rest always", async () => {
    const holder = tabOn("s1", "a")
    const follower = tabOn("s1", "b")
    follower.link.hearStream(true)
    holder.link.post(frame)
    await vi.waitFor(() => expect(follower.heard).toEqual([frame]))
    follower.link.hearStream(false)
    expect(follower.link.hearsStream()).toBe(false)
    holder.link.post(frame)
    holder.link.post({ type: "lost", code: 1006 })
    await vi.waitFor(() => expect(follower.heard).toHaveLength(2))
    await settle()
    expect(follower.heard).toEqual([frame, { type: "lost", code: 1006 }])
  })

  it("a join hears the stream from the moment it is posted", async () => {
    const holder = tabOn("s2", "a")
    holder.link.hearStream(true)
    const follower = tabOn("s2", "b")
    follower.link.post({ type: "attach", tab: "b", since: 4 })
    expect(follower.link.hearsStream()).toBe(true)
    await vi.waitFor(() => expect(holder.heard).toEqual([{ type: "attach", tab: "b", since: 4 }]))
    holder.link.post({ type: "welcome", tab: "b", frames: [] })
    await vi.waitFor(() => expect(follower.heard).toEqual([{ type: "welcome", tab: "b", frames: [] }]))
  })

  it("drops another tab's answer unread, and warns of its own that does not decode", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    const follower = tabOn("s3", "b")
    follower.link.hearStream(true)
    const other = channel("s3:stream")
    const unreadable = [{ type: "from.the.future" }]
    other.postMessage({ type: "welcome", tab: "c", frames: unreadable })
    other.postMessage({ type: "welcome", tab: "b", frames: unreadable })
    other.postMessage({ type: "welcome", tab: "b", frames: [] })
    await vi.waitFor(() => expect(follower.heard).toEqual([{ type: "welcome", tab: "b", frames: [] }]))
    expect(warned).toHaveBeenCalledTimes(1)
  })
})
