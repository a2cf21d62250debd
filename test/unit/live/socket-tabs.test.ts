import { Effect } from "effect"
import { describe, expect, it, vi } from "vitest"
import { sessionOfToken } from "../../../src/effects/live/token-session"
import { browser, established, read, token, twoTabs } from "./socket-tabs-fixture"

// The tabs of one session sharing one socket (docs/behaviour.md#one-socket-per-session), with Node's real
// BroadcastChannel between them, a lock manager that behaves as the browser's (one holder per name, the others
// queue; a crashed holder's lock passes on), and a fake server socket per tab that records what it is asked.

const session = token("7", "0b7c9a52-7d4e-4f61-9a43-6c1f2a3b4c5d")

describe("socket tabs", () => {
  it("reads the session of an access token, and none from something else", () => {
    expect(sessionOfToken(session)).toBe("7:0b7c9a52-7d4e-4f61-9a43-6c1f2a3b4c5d")
    expect(sessionOfToken("not-a-token")).toBeNull()
  })

  it("a tab alone opens its own socket, from its position, and hears it directly", async () => {
    const a = browser().tab("a")
    a.open(session, 5)
    await vi.waitFor(() => expect(a.sockets).toHaveLength(1))
    expect(a.sockets[0]?.since).toBe(5)
    a.sockets[0]?.handlers.opened()
    a.sockets[0]?.handlers.message(established(5), 0)
    expect(a.heard).toEqual(["opened", established(5)])
  })

  it("a tab of the version before, holding the session's socket under the old names, keeps no tab from its own", async () => {
    const b = browser()
    const sessionName = "7:0b7c9a52-7d4e-4f61-9a43-6c1f2a3b4c5d"
    // What the version before took and spoke on: the session's lock by its bare name, one channel for all.
    let releaseOld = () => {}
    void b
      .locksOf("old")
      .request(sessionName, {}, () => new Promise<void>((release) => (releaseOld = release)))
    const old = new BroadcastChannel(`backoffice-live:${sessionName}`)
    try {
      const [x, y] = [b.tab("x"), b.tab("y")]
      x.open(session, 10)
      await vi.waitFor(() => expect(x.sockets).toHaveLength(1))
      y.open(session, 10)
      x.sockets[0]?.handlers.opened()
      x.sockets[0]?.handlers.message(established(10), 0)
      await vi.waitFor(() => expect(y.heard).toContain("opened"))
      // What the old tab says is for the old tabs: this version's follower hears its own holder only.
      old.postMessage({ type: "frame", message: read(1, 11) })
      x.sockets[0]?.handlers.message(read(2, 12), 0)
      await vi.waitFor(() => expect(y.heard.at(-1)).toEqual(read(2, 12)))
      expect(y.heard).not.toContainEqual(read(1, 11))
    } finally {
      old.close()
      releaseOld()
    }
  })

  it("three tabs hold one socket: frames reach all, the others' views go out on it under their names", async () => {
    const b = browser()
    const [a, x, y] = [b.tab("a"), b.tab("x"), b.tab("y")]
    a.open(session, 10)
    await vi.waitFor(() => expect(a.sockets).toHaveLength(1))
    const [server] = a.sockets
    if (!server) throw new Error("a socket")
    const follower = x.open(session, 10)
    y.open(session, null)
    server.handlers.opened()
    server.handlers.message(established(10), 0)
    await vi.waitFor(() => expect(x.heard).toHaveLength(2))
    await vi.waitFor(() => expect(y.heard).toHaveLength(2))
    expect(x.heard).toEqual(["opened", established(10)])
    server.handlers.message(read(1, 11), 0)
    await vi.waitFor(() => expect(y.heard).toContainEqual(read(1, 11)))
    await vi.waitFor(() => expect(x.heard).toContainEqual(read(1, 11)))
    expect(x.sockets).toEqual([])
    expect(y.sockets).toEqual([])
    // The one that joined from now starts at the newest position.
    expect(y.heard[1]).toMatchObject({ type: "connection_established", position: 10 })
    const uuid = "3f6c1d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f"
    Effect.runSync(follower.send({ type: "presence.view", kind: "work", uuid }))
    await vi.waitFor(() =>
      expect(server.sent).toContainEqual({ type: "presence.view", kind: "work", uuid, view: "x" }),
    )
  })

  it("when the holder goes, a waiting tab opens the socket from its position; nothing is lost or twice", async () => {
    const b = browser()
    const [a, x, y] = [b.tab("a"), b.tab("x"), b.tab("y")]
    a.open(session, 10)
    await vi.waitFor(() => expect(a.sockets).toHaveLength(1))
    const first = a.sockets[0]
    if (!first) throw new Error("a socket")
    x.open(session, 10)
    y.open(session, 10)
    first.handlers.opened()
    first.handlers.message(established(10), 0)
    first.handlers.message(read(1, 11), 0)
    await vi.waitFor(() => expect(x.heard).toContainEqual(read(1, 11)))
    await vi.waitFor(() => expect(y.heard).toContainEqual(read(1, 11)))
    a.crash()
    // x asked for the lock first: it opens the socket from the last position it applied.
    await vi.waitFor(() => expect(x.sockets).toHaveLength(1))
    expect(y.sockets).toEqual([])
    const next = x.sockets[0]
    if (!next) throw new Error("x's socket")
    expect(next.since).toBe(11)
    next.handlers.opened()
    next.handlers.message(established(11), 0)
    // The server replays what came after 11, which the old holder never relayed.
    next.handlers.message(read(2, 12), 0)
    await vi.waitFor(() => expect(y.heard).toContainEqual(read(2, 12)))
    for (const tab of [x, y]) {
      expect(tab.heard.filter((h) => h === "opened")).toHaveLength(1)
      expect(
        tab.heard.filter((h) => typeof h === "object" && "type" in h && h.type === "notification.read"),
      ).toEqual([read(1, 11), read(2, 12)])
      expect(tab.heard.some((h) => typeof h === "object" && "planned" in h)).toBe(false)
    }
  })

  it("a follower's view leaves with it, whether it closes or crashes", async () => {
    const b = browser()
    const [a, x, y] = [b.tab("a"), b.tab("x"), b.tab("y")]
    a.open(session, 10)
    await vi.waitFor(() => expect(a.sockets).toHaveLength(1))
    const server = a.sockets[0]
    if (!server) throw new Error("a socket")
    const fromX = x.open(session, 10)
    const fromY = y.open(session, 10)
    server.handlers.opened()
    server.handlers.message(established(10), 0)
    await vi.waitFor(() => expect(x.heard).toContain("opened"))
    await vi.waitFor(() => expect(y.heard).toContain("opened"))
    const uuid = "3f6c1d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f"
    Effect.runSync(fromX.send({ type: "presence.view", kind: "work", uuid }))
    Effect.runSync(fromY.send({ type: "presence.view", kind: "maintenance", uuid }))
    await vi.waitFor(() => expect(server.sent).toHaveLength(2))
    // x's connection closes (a new token, a sign-out): it says so.
    Effect.runSync(fromX.close)
    await vi.waitFor(() => expect(server.sent).toContainEqual({ type: "presence.leave", view: "x" }))
    // y crashes: it says nothing, its lock goes.
    y.crash()
    await vi.waitFor(() => expect(server.sent).toContainEqual({ type: "presence.leave", view: "y" }))
    // A new connection of the holder says only the views still there: none.
    const before = server.sent.length
    server.handlers.message(established(10), 0)
    expect(server.sent).toHaveLength(before)
  })

  it("a loss of the holder's socket closes every follower's connection with its code", async () => {
    const { x, server } = await twoTabs(session)
    server.handlers.closed({ planned: false, code: 4401, at: 1 })
    // A refused token is the holder's to refresh: the followers see a plain loss.
    await vi.waitFor(() => expect(x.heard.at(-1)).toMatchObject({ planned: false, code: 1006 }))
  })

  it("a tab of another session never hears this session's frames", async () => {
    const b = browser()
    const [a, other] = [b.tab("a"), b.tab("o")]
    a.open(session, 10)
    await vi.waitFor(() => expect(a.sockets).toHaveLength(1))
    other.open(token("8", "1b7c9a52-7d4e-4f61-9a43-6c1f2a3b4c5d"), 10)
    // Its own session, its own lock: it holds its own socket.
    await vi.waitFor(() => expect(other.sockets).toHaveLength(1))
    a.sockets[0]?.handlers.message(established(10), 0)
    a.sockets[0]?.handlers.message(read(1, 11), 0)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(other.heard).toEqual([])
  })
})
