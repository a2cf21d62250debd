import { Effect } from "effect"
import { sinceAfter } from "../../machines/live/stream-position"
import type { ClientMessage, ServerMessage } from "../../schema/live/socket"
import type { RelayMessage } from "../../schema/live/tab-relay"
import type { HiddenHold } from "./hidden-hold"
import type { LeaderRelay } from "./leader-relay"
import type { NotificationSocketShape, SocketConnection, SocketHandlers } from "./notification-socket"
import type { RelayLink } from "./relay-link"

// One tab's connection to its session's socket (./socket-tabs.ts): the real socket while the tab leads, the
// leader's relay while it follows, and a takeover from one to the other without the machine above noticing.

/** What a connection does as the tab's role in its session changes, and as the leader's relay speaks. */
export interface TabConnection {
  readonly lead: () => void
  readonly follow: () => void
  readonly heard: (message: RelayMessage) => void
  readonly leaving: () => void
  /** Waits for the holder's answer to its join. */
  readonly joining: () => boolean
  /** A follower that stopped hearing the stream while hidden joins again from its position to hear what it missed. */
  readonly catchUp: () => void
}

/** A session among the tabs, as its connections see it. */
export interface TabSession {
  readonly link: RelayLink
  readonly role: "electing" | "leader" | "follower"
  readonly relay: LeaderRelay | null
  readonly connections: Set<TabConnection>
  /** The tab has a connection again: it keeps the socket. */
  readonly keep: () => void
  /** The tab's last connection is gone: the socket goes to another tab after a while. */
  readonly releaseLater: () => void
  /** What the holder's own page is given of its socket: kept while the tab is hidden, in order. */
  readonly own: HiddenHold<() => void>
}

export function sharedConnection(
  s: TabSession,
  tab: string,
  inner: NotificationSocketShape,
  token: string,
  handlers: SocketHandlers,
  since: number | null,
): SocketConnection {
  let mode: "deciding" | "attaching" | "following" | "leading" | "closed" = "deciding"
  let position = since
  let reported = false
  let rejoined = false
  let catching = false
  let real: SocketConnection | null = null
  let lastView: ClientMessage | null = null
  let viewOnOpen = false
  const early: ClientMessage[] = []

  const opened = () => {
    if (reported) return
    reported = true
    handlers.opened()
  }
  const deliver = (message: ServerMessage, at: number) => {
    position = sinceAfter(message, position)
    handlers.message(message, at)
  }
  const sendReal = (message: ClientMessage) => {
    if (real) Effect.runSync(real.send(message))
  }
  const done = () => {
    s.connections.delete(connection)
    if (s.connections.size === 0) s.releaseLater()
  }

  const connection: TabConnection = {
    lead: () => {
      if (mode === "closed" || mode === "leading") return
      // Taken over from a follower's connection: the machine is connected already, and its view must be said.
      viewOnOpen = mode !== "deciding" && lastView !== null
      mode = "leading"
      const relay = s.relay
      real = Effect.runSync(
        inner.open(
          token,
          {
            opened,
            message: (message, at) => {
              s.own.frame(() => deliver(message, at))
              relay?.received(message)
              if (message.type === "connection_established" && viewOnOpen && lastView) {
                viewOnOpen = false
                sendReal(lastView)
              }
            },
            closed: (close) => {
              relay?.closed(close, sendReal)
              if (mode !== "leading") return
              mode = "closed"
              s.connections.delete(connection)
              s.own.other(() => handlers.closed(close))
            },
          },
          position,
        ),
      )
      relay?.sendVia(sendReal)
      for (const message of early.splice(0)) sendReal(message)
    },
    follow: () => {
      if (mode === "closed" || mode === "leading") return
      rejoined = mode !== "deciding"
      catching = false
      mode = "attaching"
      s.link.post({ type: "attach", tab, since: position })
      for (const message of early.splice(0)) s.link.post({ type: "send", tab, message })
    },
    heard: (message) => {
      switch (message.type) {
        case "leader":
          return s.role === "follower" ? connection.follow() : undefined
        case "welcome": {
          if (message.tab !== tab || mode !== "attaching") return
          mode = "following"
          opened()
          const at = Date.now()
          const caught = catching
          catching = false
          for (const frame of message.frames) {
            // The machine's connection stayed open while the tab caught up: its first frame again is news only
            // when what the tab shows must load again.
            if (caught && frame.type === "connection_established" && frame.reload !== true) continue
            deliver(frame, at)
          }
          // The new leader's socket never heard this tab's view.
          if (rejoined && lastView) s.link.post({ type: "send", tab, message: lastView })
          return
        }
        case "frame":
          if (mode === "following") deliver(message.message, Date.now())
          return
        case "lost":
          if (mode !== "attaching" && mode !== "following") return
          mode = "closed"
          s.connections.delete(connection)
          return handlers.closed({ planned: false, code: message.code, at: Date.now() })
        default:
          return
      }
    },
    leaving: () => {
      if (mode === "attaching" || mode === "following") s.link.post({ type: "detach", tab })
    },
    joining: () => mode === "attaching",
    catchUp: () => {
      if (mode !== "following") return
      mode = "attaching"
      catching = true
      s.link.post({ type: "attach", tab, since: position })
    },
  }
  s.connections.add(connection)
  s.keep()
  if (s.role === "leader") connection.lead()
  else if (s.role === "follower") connection.follow()

  return {
    send: (message) =>
      Effect.sync(() => {
        if (message.type === "presence.view" || message.type === "presence.leave") lastView = message
        if (mode === "leading") sendReal(message)
        else if (mode === "attaching" || mode === "following") s.link.post({ type: "send", tab, message })
        else if (mode === "deciding") early.push(message)
      }),
    close: Effect.sync(() => {
      const was = mode
      mode = "closed"
      done()
      if (was === "leading" && real) {
        // Planned: the followers wait for this tab's next connection (a new token) rather than count a loss.
        s.relay?.closed({ planned: true, code: 1000, at: Date.now() }, sendReal)
        Effect.runSync(real.close)
      } else if (was === "attaching" || was === "following") s.link.post({ type: "detach", tab })
    }),
  }
}
