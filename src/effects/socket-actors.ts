import type { Effect } from "effect"
import { fromCallback } from "xstate"
import type { ConnectionInput, SocketEvent } from "../machines/socket.machine"
import type { ClientMessage } from "../schema/socket"
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

/** The browser came back online or the tab became visible: worth another connection attempt. */
export const watchWake = fromCallback<SocketEvent>(({ sendBack }) => {
  if (typeof window === "undefined") return () => {}
  const wake = () => sendBack({ type: "socket.wake" })
  const visible = () => {
    if (document.visibilityState === "visible") wake()
  }
  window.addEventListener("online", wake)
  document.addEventListener("visibilitychange", visible)
  return () => {
    window.removeEventListener("online", wake)
    document.removeEventListener("visibilitychange", visible)
  }
})
