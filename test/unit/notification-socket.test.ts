import { Effect, Layer, ManagedRuntime } from "effect"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createActor, type EventObject, sendTo, setup } from "xstate"
import { SOCKET } from "../../src/constants"
import {
  NotificationSocket,
  type NotificationSocketShape,
  type SocketClose,
  type SocketConnection,
  type SocketHandlers,
  WebSocketFactory,
  type WebSocketLike,
} from "../../src/effects/live/notification-socket"
import { socketConnection } from "../../src/effects/live/socket.actors"
import { Config } from "../../src/effects/system/config"
import type { SocketEvent } from "../../src/machines/live/socket.machine"
import type { ServerMessage } from "../../src/schema/live/socket"

// The socket's IO as an Effect service, with a fake WebSocket of the browser's shape; and the callback actor
// the socket machine invokes, with a fake service of the same interface.

class FakeWebSocket implements WebSocketLike {
  readyState = 0
  sent: string[] = []
  closedWith: [number | undefined, string | undefined] | null = null
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data)
  }
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason]
  }
  // What the network does to it:
  open() {
    this.readyState = 1
    this.onopen?.(new Event("open"))
  }
  frame(data: unknown) {
    this.onmessage?.({ data } as MessageEvent)
  }
  drop(code: number) {
    this.readyState = 3
    this.onclose?.({ code } as CloseEvent)
  }
}

/** The socket the factory made: assigned in a callback, where TypeScript's flow analysis does not look. */
function made(ws: FakeWebSocket | null): FakeWebSocket {
  if (ws === null) throw new Error("no WebSocket was made")
  return ws
}

function service(factory: (url: string) => WebSocketLike) {
  const runtime = ManagedRuntime.make(
    NotificationSocket.layer.pipe(
      Layer.provide(Layer.succeed(WebSocketFactory, factory)),
      Layer.provide(
        Config.layer({
          apiBaseUrl: "http://app.test",
          socketBaseUrl: "ws://app.test",
          socketSlowRetryMs: 60_000,
        }),
      ),
    ),
  )
  const log = { opened: 0, messages: [] as ServerMessage[], closes: [] as SocketClose[] }
  const handlers: SocketHandlers = {
    opened: () => {
      log.opened += 1
    },
    message: (m) => log.messages.push(m),
    closed: (c) => log.closes.push(c),
  }
  const open = (token: string) => runtime.runPromise(NotificationSocket.use((s) => s.open(token, handlers)))
  return { runtime, log, open }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe("NotificationSocket service", () => {
  it("opens /ws/notifications/ with the token, decodes frames, drops bad ones, and pings while open", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {})
    let ws: FakeWebSocket | null = null
    const { log, open } = service((url) => {
      ws = new FakeWebSocket(url)
      return ws
    })
    const connection = await open("a b")
    const socket = made(ws)
    expect(socket.url).toBe("ws://app.test/ws/notifications/?token=a%20b")
    socket.open()
    expect(log.opened).toBe(1)
    socket.frame(JSON.stringify({ type: "unread_count", unread_count: 4 }))
    socket.frame("{not json")
    socket.frame(JSON.stringify({ type: "mystery" }))
    expect(log.messages).toEqual([{ type: "unread_count", unread_count: 4 }])
    vi.advanceTimersByTime(SOCKET.pingIntervalMs * 2)
    expect(socket.sent.map((s) => JSON.parse(s).type)).toEqual(["ping", "ping"])
    await Effect.runPromise(connection.send({ type: "get_unread_count", channel: "in_app" }))
    expect(JSON.parse(socket.sent.at(-1) ?? "{}")).toEqual({ type: "get_unread_count", channel: "in_app" })
  })

  it("reports a lost connection as unplanned with its code, and stops pinging", async () => {
    let ws: FakeWebSocket | null = null
    const { log, open } = service((url) => {
      ws = new FakeWebSocket(url)
      return ws
    })
    await open("t")
    const socket = made(ws)
    socket.open()
    socket.drop(4401)
    expect(log.closes).toEqual([{ planned: false, code: 4401, at: expect.any(Number) }])
    vi.advanceTimersByTime(SOCKET.pingIntervalMs * 2)
    expect(socket.sent).toEqual([])
  })

  it("a planned close is reported as planned, sends nothing more, and ignores frames after it", async () => {
    let ws: FakeWebSocket | null = null
    const { log, open } = service((url) => {
      ws = new FakeWebSocket(url)
      return ws
    })
    const connection: SocketConnection = await open("t")
    const socket = made(ws)
    socket.open()
    await Effect.runPromise(connection.close)
    expect(socket.closedWith).toEqual([1000, "client closing"])
    socket.frame(JSON.stringify({ type: "unread_count", unread_count: 1 }))
    socket.drop(1000)
    expect(log.messages).toEqual([])
    expect(log.closes).toEqual([{ planned: true, code: 1000, at: expect.any(Number) }])
    vi.advanceTimersByTime(SOCKET.pingIntervalMs * 2)
    expect(socket.sent).toEqual([])
  })

  it("sends nothing before the socket is open", async () => {
    let ws: FakeWebSocket | null = null
    const { open } = service((url) => {
      ws = new FakeWebSocket(url)
      return ws
    })
    const connection = await open("t")
    await Effect.runPromise(connection.send({ type: "ping", timestamp: 1 }))
    expect(made(ws).sent).toEqual([])
  })

  it("a socket that cannot even be created (blocked scheme, bad URL) is reported as an abnormal close", async () => {
    const { log, open } = service(() => {
      throw new SyntaxError("The URL's scheme must be either 'ws' or 'wss'")
    })
    await open("t")
    await vi.runAllTimersAsync()
    expect(log.closes).toEqual([{ planned: false, code: 1006, at: expect.any(Number) }])
  })
})

describe("socket connection actor", () => {
  /** A fake service that records what the actor asks of it and lets the test play the network. */
  function fakeService(onSince: (since: number | null | undefined) => void = () => {}) {
    const calls = { opened: [] as string[], sent: [] as unknown[], closed: 0 }
    let handlers: SocketHandlers | null = null
    const shape: NotificationSocketShape = {
      open: (token, h, since) =>
        Effect.sync(() => {
          calls.opened.push(token)
          onSince(since)
          handlers = h
          return {
            send: (m) => Effect.sync(() => void calls.sent.push(m)),
            close: Effect.sync(() => {
              calls.closed += 1
            }),
          }
        }),
    }
    const runtime = ManagedRuntime.make(Layer.succeed(NotificationSocket, shape))
    const run = <A, E>(effect: Effect.Effect<A, E, NotificationSocket>) => runtime.runPromise(effect)
    return { calls, run, network: () => handlers }
  }

  function parent(run: ReturnType<typeof fakeService>["run"]) {
    const events: EventObject[] = []
    const machine = setup({
      types: { events: {} as SocketEvent },
      actors: { connection: socketConnection(run) },
    }).createMachine({
      invoke: { id: "connection", src: "connection", input: { token: "tok", since: null } },
      on: {
        "socket.held": { actions: sendTo("connection", ({ event }) => event) },
        "socket.opened": { actions: ({ event }) => events.push(event) },
        "socket.message": { actions: ({ event }) => events.push(event) },
        "socket.closed": { actions: ({ event }) => events.push(event) },
      },
    })
    return { actor: createActor(machine).start(), events }
  }

  it("turns what the service reports into socket events, and forwards socket.send once connected", async () => {
    vi.useRealTimers()
    const fake = fakeService()
    const { actor, events } = parent(fake.run)
    await vi.waitFor(() => expect(fake.network()).not.toBeNull())
    expect(fake.calls.opened).toEqual(["tok"])
    fake.network()?.opened()
    fake.network()?.message({ type: "pong", timestamp: 3 }, 7)
    fake.network()?.closed({ planned: false, code: 1006, at: 9 })
    expect(events).toEqual([
      { type: "socket.opened" },
      { type: "socket.message", message: { type: "pong", timestamp: 3 }, at: 7 },
      { type: "socket.closed", planned: false, code: 1006, at: 9 },
    ])
    actor
      .getSnapshot()
      .children.connection?.send({ type: "socket.send", message: { type: "ping", timestamp: 5 } })
    await vi.waitFor(() => expect(fake.calls.sent).toEqual([{ type: "ping", timestamp: 5 }]))
    actor.stop()
    await vi.waitFor(() => expect(fake.calls.closed).toBe(1))
  })

  it("opens nothing when stopped before its turn, and closes a connection once stopped", async () => {
    vi.useRealTimers()
    const early = fakeService()
    parent(early.run).actor.stop()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(early.calls.opened).toEqual([])
    const fake = fakeService()
    const { actor } = parent(fake.run)
    await vi.waitFor(() => expect(fake.calls.opened).toEqual(["tok"]))
    actor.stop()
    await vi.waitFor(() => expect(fake.calls.closed).toBe(1))
    // Whatever the closed connection reports is no longer heard.
    fake.network()?.opened()
    expect(actor.getSnapshot().status).toBe("stopped")
  })

  it("opens from the oldest position a page announced before its turn came", async () => {
    vi.useRealTimers()
    const since: Array<number | null | undefined> = []
    const fake = fakeService((s) => since.push(s))
    const { actor } = parent(fake.run)
    actor.send({ type: "socket.held", position: 9 })
    actor.send({ type: "socket.held", position: 4 })
    actor.send({ type: "socket.held", position: 6 })
    await vi.waitFor(() => expect(fake.calls.opened).toEqual(["tok"]))
    expect(since).toEqual([4])
    actor.stop()
  })
})
