import type { Effect } from "effect"
import { fromCallback } from "xstate"
import { type ConnectionInput, type SocketEvent, socketMachine } from "../../machines/live/socket.machine"
import { type Random, reconnectDelayMs, slowRetryDelayMs } from "../../machines/live/socket-delays"
import type { ClientMessage } from "../../schema/live/socket"
import type { ConfigShape } from "../system/config-env"
import { NotificationSocket, type SocketConnection } from "./notification-socket"

// The socket machine's actors: each adapts the NotificationSocket service (or a browser signal) to events.

type Run = <A, E>(effect: Effect.Effect<A, E, NotificationSocket>) => Promise<A>

/** One connection per invocation: what the service reports becomes the machine's socket.* events. */
export function socketConnection(run: Run) {
  return fromCallback<SocketEvent, ConnectionInput>(({ input, sendBack, receive }) => {
    let connection: SocketConnection | null = null
    let stopped = false
    // Sent before the service handed the connection over (it reports 'opened' as soon as it can).
    const early: ClientMessage[] = []
    run(
      NotificationSocket.use((socket) =>
        socket.open(input.token, {
          opened: () => sendBack({ type: "socket.opened" }),
          message: (message, at) => sendBack({ type: "socket.message", message, at }),
          closed: (close) => sendBack({ type: "socket.closed", ...close }),
        }),
      ),
    ).then(
      (opened) => {
        if (stopped) return void run(opened.close)
        connection = opened
        for (const message of early.splice(0)) void run(opened.send(message))
      },
      // No socket service at all: reported like a connection that never opened.
      () => sendBack({ type: "socket.closed", planned: false, code: 1006, at: Date.now() }),
    )
    receive((event) => {
      if (event.type !== "socket.send") return
      if (connection) void run(connection.send(event.message))
      else early.push(event.message)
    })
    return () => {
      stopped = true
      if (connection) void run(connection.close)
    }
  })
}

/**
 * Signs that a connection may work now: the browser is back online, the tab was shown or focused, or the user
 * went to another page (the router announces pushState; Back and Forward are popstate).
 */
export const watchWake = fromCallback<SocketEvent>(({ sendBack }) => {
  if (typeof window === "undefined") return () => {}
  const wake = () => sendBack({ type: "socket.wake" })
  const visible = () => {
    if (document.visibilityState === "visible") wake()
  }
  const onWindow = ["online", "focus", "pushState", "popstate"] as const
  for (const type of onWindow) window.addEventListener(type, wake)
  document.addEventListener("visibilitychange", visible)
  return () => {
    for (const type of onWindow) window.removeEventListener(type, wake)
    document.removeEventListener("visibilitychange", visible)
  }
})

/**
 * The socket machine with its IO: one connection per attempt, the browser's wake-up signals, and the waits
 * between attempts drawn at random within the machine's bounds (../../machines/live/socket-delays.ts).
 */
export function provideSocket(run: Run, config: ConfigShape, random: Random = Math.random) {
  return socketMachine.provide({
    actors: { connection: socketConnection(run), watchWake },
    delays: {
      backoff: ({ context }) => reconnectDelayMs(context.attempt + 1, random),
      slowRetry: () => slowRetryDelayMs(config.socketSlowRetryMs, random),
    },
  })
}
