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
    let since = input.since
    const open = () =>
      run(
        NotificationSocket.use((socket) =>
          socket.open(
            input.token,
            {
              opened: () => sendBack({ type: "socket.opened" }),
              message: (message, at) => sendBack({ type: "socket.message", message, at }),
              closed: (close) => sendBack({ type: "socket.closed", ...close }),
            },
            since,
          ),
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
    // Opened on the next turn: a page's load announced with the start (the bus delivers both at once) is
    // resumed from, instead of reloaded after (docs/behaviour.md#catching-up).
    const opening = setTimeout(() => {
      if (!stopped) void open()
    }, 0)
    receive((event) => {
      if (event.type === "socket.held") {
        since = Math.min(since ?? event.position, event.position)
        return
      }
      if (event.type !== "socket.send") return
      if (connection) void run(connection.send(event.message))
      else early.push(event.message)
    })
    return () => {
      stopped = true
      clearTimeout(opening)
      if (connection) void run(connection.close)
    }
  })
}

/** What the tabs sharing one socket add to the wake-up signals (./socket-tabs.ts); nothing for a tab alone. */
export interface WakeAcrossTabs {
  /** Another tab's browser says the network may be back: the tab holding the socket tries now. */
  readonly onWake: (listener: () => void) => () => void
  /** This tab's browser says so: told to the tab holding the socket. */
  readonly wake: () => void
}

const noOtherTabs: WakeAcrossTabs = { onWake: () => () => {}, wake: () => {} }

/**
 * Signs that a connection may work now: the browser is back online, the tab was shown or focused, or the user
 * went to another page (the router announces pushState; Back and Forward are popstate); and the same signs in
 * another tab of the session, whose socket this tab may hold.
 */
export const watchWakeAcross = (tabs: WakeAcrossTabs) =>
  fromCallback<SocketEvent>(({ sendBack }) => {
    if (typeof window === "undefined") return () => {}
    const stopHearing = tabs.onWake(() => sendBack({ type: "socket.wake" }))
    const wake = () => {
      tabs.wake()
      sendBack({ type: "socket.wake" })
    }
    const visible = () => {
      if (document.visibilityState === "visible") wake()
    }
    const onWindow = ["online", "focus", "pushState", "popstate"] as const
    for (const type of onWindow) window.addEventListener(type, wake)
    document.addEventListener("visibilitychange", visible)
    return () => {
      stopHearing()
      for (const type of onWindow) window.removeEventListener(type, wake)
      document.removeEventListener("visibilitychange", visible)
    }
  })

export const watchWake = watchWakeAcross(noOtherTabs)

/**
 * The socket machine with its IO: one connection per attempt, the browser's wake-up signals, and the waits
 * between attempts drawn at random within the machine's bounds (../../machines/live/socket-delays.ts).
 */
export function provideSocket(
  run: Run,
  config: ConfigShape,
  random: Random = Math.random,
  tabs: WakeAcrossTabs = noOtherTabs,
) {
  return socketMachine.provide({
    actors: { connection: socketConnection(run), watchWake: watchWakeAcross(tabs) },
    delays: {
      backoff: ({ context }) => reconnectDelayMs(context.attempt + 1, random),
      slowRetry: () => slowRetryDelayMs(config.socketSlowRetryMs, random),
    },
  })
}
