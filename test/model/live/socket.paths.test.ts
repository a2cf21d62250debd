import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { type Actor, createActor, fromCallback } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { SOCKET, socketBackoffMs } from "../../../src/constants"
import { type SocketEvent, socketMachine } from "../../../src/machines/live/socket.machine"
import { socketHealth } from "../../../src/machines/live/socket-health"
import { toNotificationsEvent } from "../../../src/machines/live/socket-messages"
import type { NotificationsEvent } from "../../../src/machines/notifications/notifications-context"
import { recordedActor } from "../coverage"
import { describeEvent, getEdgePaths, pathEvents, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The real socket machine with fake actors: the connection reports nothing by itself, the path delivers
// its outcomes (opened, closed) as events, and the back-off delay as its xstate.after event.

const after = { type: "xstate.after.backoff.socket.waiting" }
const events = pathEvents(socketMachine, [
  { type: "socket.start", token: "t1" },
  { type: "socket.start", token: "t2" },
  { type: "socket.opened" },
  { type: "socket.closed", planned: false, code: 1006, at: 1000 },
  { type: "socket.closed", planned: true, code: 1000, at: 1000 },
  { type: "socket.closed", planned: false, code: 4401, at: 1000 },
  { type: "socket.closed", planned: false, code: 4410, at: 1000 },
  after,
  { type: "xstate.after.slowRetry.socket.offline" },
  { type: "socket.wake" },
  { type: "socket.stop" },
  { type: "socket.held", position: 9 },
])

type Snap = {
  value: unknown
  context: { attempt: number; token: string | null; offlineSince: number | null; since: number | null }
}
const serializeState = (s: Snap) =>
  JSON.stringify([
    s.value,
    s.context.attempt,
    s.context.token,
    s.context.offlineSince !== null,
    s.context.since !== null,
  ])

type Log = {
  connections: string[]
  /** The position each connection was opened to resume from. */
  since: Array<number | null>
  /** Frames published, by position (null: a frame without one). */
  published: Array<number | null>
  delivered: NotificationsEvent[]
  tokenRejected: number
  live: boolean[]
  revoked: number
}

function fakes(log: Log) {
  return socketMachine.provide({
    actors: {
      connection: fromCallback(({ input }: { input: { token: string; since: number | null } }) => {
        log.connections.push(input.token)
        log.since.push(input.since)
        return () => {}
      }),
      watchWake: fromCallback(() => () => {}),
    },
  })
}
const newLog = (): Log => ({
  connections: [],
  since: [],
  published: [],
  delivered: [],
  tokenRejected: 0,
  live: [],
  revoked: 0,
})

/** What the bus would hear from the socket: its facts, and what a frame means to the notifications actor. */
function hear<A extends { on: Actor<typeof socketMachine>["on"] }>(actor: A, log: Log): A {
  actor.on("socket.received", (f) => {
    log.published.push("position" in f.message ? (f.message.position ?? null) : null)
    const event = toNotificationsEvent(f.message, f.at)
    if (event) log.delivered.push(event)
  })
  actor.on("socket.tokenRefused", () => {
    log.tokenRejected += 1
  })
  actor.on("socket.sessionRevoked", () => {
    log.revoked += 1
  })
  actor.on("socket.connected", () => log.live.push(true))
  actor.on("socket.lost", () => log.live.push(false))
  return actor
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe("socket machine paths", () => {
  const paths = getShortestPaths(fakes(newLog()), { events, serializeState })

  it("reaches open, waiting at every attempt, offline and idle again", () => {
    const reached = new Set(paths.map((p) => serializeState(p.state as Snap)))
    expect([...reached].some((s) => s.includes('{"connection":"open"}'))).toBe(true)
    for (let n = 0; n < SOCKET.maxReconnectAttempts; n++) {
      expect([...reached].some((s) => s.startsWith(`["waiting",${n},`))).toBe(true)
    }
    expect([...reached].some((s) => s.startsWith(`["offline",${SOCKET.maxReconnectAttempts},`))).toBe(true)
    expect([...reached]).toContain(JSON.stringify(["idle", 0, null, false, false]))
  })

  const walk = (path: (typeof paths)[number]) => {
    const log = newLog()
    const actor = hear(recordedActor(fakes(log)), log).start()
    for (const step of path.steps.slice(1)) actor.send(step.event as SocketEvent)
    const snap = actor.getSnapshot()
    expect(snap.value).toEqual(path.state.value)
    expect(snap.context.attempt).toBe((path.state as Snap).context.attempt)
    const last = path.steps.at(-1)?.event as SocketEvent | undefined
    // Offline only after the last allowed attempt failed, and after a close it remembers since when (a
    // connection that threw has no close time to remember).
    if (snap.matches("offline")) {
      expect(snap.context.attempt).toBe(SOCKET.maxReconnectAttempts)
      if (last?.type === "socket.closed") expect(snap.context.offlineSince).toBe(1000)
    }
    // A planned close never leads anywhere but idle.
    if (last?.type === "socket.closed" && last.planned) expect(snap.value).toBe("idle")
    // A session the server signed out is over: idle, and said once, for the auth actor to sign out.
    if (last?.type === "socket.closed" && last.code === 4410 && path.steps.at(-2)?.state.value !== "idle") {
      expect(snap.value).toBe("idle")
      expect(log.revoked).toBe(1)
    }
    // The reconnections counted are the opens that followed a loss (waiting or offline), since a stop.
    let lost = false
    let cameBack = 0
    path.steps.slice(1).forEach((step, i) => {
      const before = path.steps[i]?.state.value
      const event = step.event as SocketEvent
      if (event.type === "socket.stop") lost = false
      if (event.type === "socket.opened" && JSON.stringify(before) === '{"connection":"connecting"}') {
        if (lost) cameBack += 1
        lost = false
      }
      if (step.state.value === "waiting" || step.state.value === "offline") lost = true
    })
    expect(snap.context.reconnections).toBe(cameBack)
    // People are told of a reconnection only after a loss: a first connection, or a new token's, is not one.
    // Once offline, it stays 'offline' through the attempts a wake earns until one opens.
    const health = socketHealth(snap)
    if (snap.matches({ connection: "open" })) expect(health).toBe("live")
    else if (snap.matches("idle")) expect(health).toBe("none")
    else if (snap.matches("offline") || snap.context.offlineSince !== null) expect(health).toBe("offline")
    else if (snap.matches("waiting")) expect(health).toBe("reconnecting")
    else if (snap.matches({ connection: "connecting" }))
      expect(health).toBe(lost ? "reconnecting" : "connecting")
    // 'Connected' and 'lost' alternate, and the last one said is true: live exactly while open.
    expect(log.live.every((live, i) => live === (i % 2 === 0))).toBe(true)
    expect(log.live.at(-1) ?? false).toBe(snap.matches({ connection: "open" }))
    actor.stop()
    return log
  }
  for (const path of paths)
    it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => void walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(fakes(newLog()), {
        events: [
          ...events,
          { type: "socket.message", at: 2, message: { type: "pong", timestamp: 2 } },
          // A change at or below the position held (9) was applied already; one above it is new.
          {
            type: "socket.message",
            at: 2,
            message: { type: "notification.read", notification_id: 1, position: 7 },
          },
          {
            type: "socket.message",
            at: 2,
            message: { type: "notification.read", notification_id: 1, position: 12 },
          },
          { type: "socket.send", message: { type: "ping", timestamp: 2 } },
          // No WebSocket at all: the connection actor throws, which counts as a close.
          ...pathEvents(socketMachine, [
            { type: "xstate.error.actor.connection", error: new Error("no WebSocket") },
          ]),
        ],
        serializeState,
      })
      for (const path of edges) {
        const log = walk(path)
        // The server refusing the token asks for a new one, every time and only then.
        const refusals = path.steps.filter(
          (s, i) =>
            i > 0 &&
            s.event.type === "socket.closed" &&
            (s.event as { code: number }).code === 4401 &&
            s.state.value === "waiting",
        ).length
        expect(log.tokenRejected).toBe(refusals)
      }
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("socket machine rules", () => {
  it("resumes from the oldest position loaded while closed, skips frames at or below it, and follows frames up", () => {
    const log = newLog()
    const actor = hear(createActor(fakes(log)), log).start()
    const since = () => actor.getSnapshot().context.since
    actor.send({ type: "socket.held", position: 9 })
    actor.send({ type: "socket.held", position: 5 })
    actor.send({ type: "socket.start", token: "t" })
    expect(log.since).toEqual([5])
    actor.send({ type: "socket.opened" })
    const frame = (position: number) =>
      actor.send({
        type: "socket.message",
        at: 1,
        message: { type: "notification.read", notification_id: 1, position },
      })
    actor.send({
      type: "socket.message",
      at: 1,
      message: {
        type: "connection_established",
        user_id: 1,
        latest_notification_id: 0,
        unread_count: 0,
        position: 5,
      },
    })
    frame(4)
    frame(5)
    frame(6)
    frame(6)
    frame(8)
    expect(log.published).toEqual([5, 6, 8])
    expect(since()).toBe(8)
    // Open: a page's load is the live-records actor's to check, not a place to resume from.
    actor.send({ type: "socket.held", position: 3 })
    expect(since()).toBe(8)
    actor.send({ type: "socket.closed", planned: false, code: 1006, at: 2 })
    actor.send({ type: "socket.held", position: 7 })
    vi.advanceTimersByTime(socketBackoffMs(1))
    expect(log.since).toEqual([5, 7])
    // A stream that could not resume starts at the server's newest: that is where the tab stands now.
    actor.send({ type: "socket.opened" })
    actor.send({
      type: "socket.message",
      at: 3,
      message: {
        type: "connection_established",
        user_id: 1,
        latest_notification_id: 0,
        unread_count: 0,
        position: 2,
        reload: true,
      },
    })
    expect(since()).toBe(2)
    frame(3)
    expect(log.published.at(-1)).toBe(3)
    actor.send({ type: "socket.stop" })
    expect(since()).toBeNull()
  })

  it("reconnects 6 times with 1, 2, 4, 8, 15, 15 s between, then keeps trying slowly and at once on a wake", () => {
    const log = newLog()
    const actor = hear(createActor(fakes(log)), log).start()
    actor.send({ type: "socket.start", token: "t" })
    const waits: number[] = []
    for (let n = 1; n <= SOCKET.maxReconnectAttempts; n++) {
      actor.send({ type: "socket.closed", planned: false, code: 1006, at: n })
      expect(actor.getSnapshot().value).toBe("waiting")
      const delay = socketBackoffMs(n)
      vi.advanceTimersByTime(delay - 1)
      expect(actor.getSnapshot().value).toBe("waiting")
      vi.advanceTimersByTime(1)
      expect(actor.getSnapshot().matches("connection")).toBe(true)
      waits.push(delay)
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 15000, 15000])
    actor.send({ type: "socket.closed", planned: false, code: 1006, at: 77 })
    expect(actor.getSnapshot().value).toBe("offline")
    expect(actor.getSnapshot().context.offlineSince).toBe(77)
    expect(log.connections).toHaveLength(7)
    // It never gives up: one attempt per slow interval, still offline since the first time after each failure.
    for (let slow = 1; slow <= 3; slow++) {
      vi.advanceTimersByTime(SOCKET.slowRetryMs - 1)
      expect(actor.getSnapshot().value).toBe("offline")
      vi.advanceTimersByTime(1)
      expect(actor.getSnapshot().matches({ connection: "connecting" })).toBe(true)
      expect(log.connections).toHaveLength(7 + slow)
      actor.send({ type: "socket.closed", planned: false, code: 1006, at: 100 + slow })
      expect(actor.getSnapshot().value).toBe("offline")
      expect(actor.getSnapshot().context.offlineSince).toBe(77)
    }
    // A sign that the network is back: an attempt at once, with the quick attempts earned again.
    actor.send({ type: "socket.wake" })
    expect(actor.getSnapshot().matches({ connection: "connecting" })).toBe(true)
    expect(actor.getSnapshot().context.attempt).toBe(0)
    actor.send({ type: "socket.opened" })
    expect(actor.getSnapshot().context.offlineSince).toBeNull()
  })

  it("a wake during the quick back-off tries at once instead of waiting it out", () => {
    const log = newLog()
    const actor = hear(createActor(fakes(log)), log).start()
    actor.send({ type: "socket.start", token: "t" })
    actor.send({ type: "socket.closed", planned: false, code: 1006, at: 1 })
    actor.send({ type: "socket.closed", planned: false, code: 1006, at: 2 })
    expect(actor.getSnapshot().value).toBe("waiting")
    actor.send({ type: "socket.wake" })
    expect(actor.getSnapshot().matches({ connection: "connecting" })).toBe(true)
    expect(log.connections).toEqual(["t", "t"])
    expect(actor.getSnapshot().context.attempt).toBe(1)
  })

  it("resets the attempts once open, reconnects with a new token, and never reconnects after a stop", () => {
    const log = newLog()
    const actor = hear(createActor(fakes(log)), log).start()
    actor.send({ type: "socket.start", token: "a" })
    actor.send({ type: "socket.closed", planned: false, code: 1006, at: 1 })
    vi.advanceTimersByTime(socketBackoffMs(1))
    actor.send({ type: "socket.opened" })
    expect(actor.getSnapshot().context.attempt).toBe(0)
    actor.send({ type: "socket.start", token: "b" })
    expect(log.connections).toEqual(["a", "a", "b"])
    actor.send({ type: "socket.stop" })
    vi.advanceTimersByTime(120_000)
    expect(actor.getSnapshot().value).toBe("idle")
    expect(log.connections).toEqual(["a", "a", "b"])
  })

  it("counts the times the connection came back after a loss, not the first connection or a new token's", () => {
    const log = newLog()
    const actor = hear(createActor(fakes(log)), log).start()
    const reconnections = () => actor.getSnapshot().context.reconnections
    actor.send({ type: "socket.start", token: "a" })
    actor.send({ type: "socket.opened" })
    expect(reconnections()).toBe(0)
    // A new token restarts an open socket: planned, not a loss.
    actor.send({ type: "socket.start", token: "b" })
    actor.send({ type: "socket.opened" })
    expect(reconnections()).toBe(0)
    // Lost, back after the back-off.
    actor.send({ type: "socket.closed", planned: false, code: 1006, at: 1 })
    vi.advanceTimersByTime(socketBackoffMs(1))
    actor.send({ type: "socket.opened" })
    expect(reconnections()).toBe(1)
    // Lost with the token refused: the new token's connection is the one that comes back.
    actor.send({ type: "socket.closed", planned: false, code: 4401, at: 2 })
    actor.send({ type: "socket.start", token: "c" })
    actor.send({ type: "socket.opened" })
    expect(reconnections()).toBe(2)
    // Offline, then back on a wake.
    for (let n = 0; n <= SOCKET.maxReconnectAttempts; n++) {
      actor.send({ type: "socket.closed", planned: false, code: 1006, at: 3 })
      if (actor.getSnapshot().value === "waiting") actor.send({ type: "socket.wake" })
    }
    expect(actor.getSnapshot().value).toBe("offline")
    actor.send({ type: "socket.wake" })
    actor.send({ type: "socket.opened" })
    expect(reconnections()).toBe(3)
    // Signed out while lost: the next session's first connection is not a reconnection.
    actor.send({ type: "socket.closed", planned: false, code: 1006, at: 4 })
    actor.send({ type: "socket.stop" })
    actor.send({ type: "socket.start", token: "d" })
    actor.send({ type: "socket.opened" })
    expect(reconnections()).toBe(3)
  })

  it("hands decoded frames to the notifications actor and asks for a token after a 4401", () => {
    const log = newLog()
    const actor = hear(createActor(fakes(log)), log).start()
    actor.send({ type: "socket.start", token: "a" })
    actor.send({ type: "socket.opened" })
    actor.send({
      type: "socket.message",
      at: 5,
      message: { type: "connection_established", user_id: 1, latest_notification_id: 9, unread_count: 3 },
    })
    actor.send({ type: "socket.message", at: 6, message: { type: "pong", timestamp: 1 } })
    expect(log.delivered).toEqual([{ type: "notifications.connected", latestId: 9, unread: 3 }])
    actor.send({ type: "socket.closed", planned: false, code: 4401, at: 7 })
    expect(log.tokenRejected).toBe(1)
    expect(actor.getSnapshot().value).toBe("waiting")
  })
})
