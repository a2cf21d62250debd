import {
  emptyRelayBuffer,
  type RelayBuffer,
  relayLost,
  relayTake,
  welcomeFrames,
} from "../../machines/live/relay-buffer"
import { type ClientMessage, type ServerMessage, SOCKET_CLOSE } from "../../schema/live/socket"
import type { RelayMessage } from "../../schema/live/tab-relay"
import type { SocketClose } from "./notification-socket"
import type { RelayLink } from "./relay-link"

// The tab that holds the session's socket, towards the tabs that follow it
// (docs/behaviour.md#one-socket-per-session): every frame its socket receives is told to them, a loss too; a
// follower that joins is answered from what it kept (../../machines/live/relay-buffer.ts); what a follower sends
// goes out on the socket. Each follower's record view is its own view of the socket (tagged with its tab), kept
// here and said again on every new connection, since the server forgets a socket's views with it.

/** What the followers see when the token was refused: a plain loss (this tab refreshes it for them all). */
const ABNORMAL_CLOSE = 1006

export interface LeaderRelay {
  /** A frame this tab's socket received. */
  readonly received: (message: ServerMessage) => void
  /**
   * The socket that sends with `send` closed (or an attempt to open it failed); one closing late, after the
   * next was opened, is ignored.
   */
  readonly closed: (close: SocketClose, send: (message: ClientMessage) => void) => void
  /** Where followers' messages go from now: the socket this tab just opened. */
  readonly sendVia: (send: (message: ClientMessage) => void) => void
  /** A message from a follower. */
  readonly heard: (message: RelayMessage) => void
  /** The tab is going away: the loss of its socket is not one the followers should wait out. */
  readonly unloading: () => void
}

const isView = (message: ClientMessage) =>
  message.type === "presence.view" || message.type === "presence.leave"

/**
 * `later` runs a task after this one: what the followers are told waits until this tab has handled (and drawn)
 * the frame itself, so that they do not compete with it for the processor meanwhile.
 */
export function leaderRelay(
  link: RelayLink,
  keep: number,
  wake: () => void,
  later: (task: () => void) => void,
  /** Calls `gone` once the tab named is closed or crashed (it said nothing as it went). */
  watchTab: (tab: string, gone: () => void) => void,
  /** What the tab kept of the stream as a follower: the others may have missed it too. */
  kept: RelayBuffer = emptyRelayBuffer,
): LeaderRelay {
  let buffer = relayLost(kept)
  // Told in order, after this task.
  const told: RelayMessage[] = []
  const tell = (message: RelayMessage) => {
    told.push(message)
    if (told.length === 1)
      later(() => {
        for (const each of told.splice(0)) link.post(each)
      })
  }
  let send: ((message: ClientMessage) => void) | null = null
  let leaving = false
  /** Followers that joined while no connection was open, with the position each holds. */
  const waiting = new Map<string, number | null>()
  /** Each follower's record view, as sent for it. */
  const views = new Map<string, ClientMessage>()
  /** The followers whose going is watched. */
  const watched = new Set<string>()

  const welcome = (tab: string, since: number | null) => {
    const frames = welcomeFrames(buffer, since)
    if (frames === null) return void waiting.set(tab, since)
    waiting.delete(tab)
    tell({ type: "welcome", tab, frames })
  }
  const open = () => buffer.established !== null

  return {
    received: (message) => {
      buffer = relayTake(buffer, message, keep)
      // The keep-alive's answer is this tab's own.
      if (message.type === "pong") return
      tell({ type: "frame", message })
      if (message.type !== "connection_established") return
      for (const [tab, since] of [...waiting]) welcome(tab, since)
      for (const view of views.values()) send?.(view)
    },
    closed: (close, closing) => {
      if (closing !== send) return
      send = null
      buffer = relayLost(buffer)
      if (close.planned || leaving) return
      // Every follower's connection closes with this loss: each joins again with a connection of its own.
      waiting.clear()
      const code = close.code === SOCKET_CLOSE.unauthorized.code ? ABNORMAL_CLOSE : close.code
      tell({ type: "lost", code })
    },
    sendVia: (next) => {
      send = next
    },
    heard: (message) => heard(message),
    unloading: () => {
      leaving = true
    },
  }

  function heard(message: RelayMessage): void {
    switch (message.type) {
      case "attach":
        welcome(message.tab, message.since)
        return
      case "detach": {
        waiting.delete(message.tab)
        if (!views.has(message.tab)) return
        views.delete(message.tab)
        if (open()) send?.({ type: "presence.leave", view: message.tab })
        return
      }
      case "send": {
        const tagged = isView(message.message) ? { ...message.message, view: message.tab } : message.message
        if (tagged.type === "presence.view") {
          // A tab that closes says so (detach); one that crashes is noticed by its lock, so its view goes too.
          if (!watched.has(message.tab)) {
            watched.add(message.tab)
            watchTab(message.tab, () => heard({ type: "detach", tab: message.tab }))
          }
          views.set(message.tab, tagged)
        } else if (tagged.type === "presence.leave") views.delete(message.tab)
        if (open()) send?.(tagged)
        return
      }
      case "wake":
        wake()
        return
      // What a leader says: this tab is the leader.
      case "leader":
      case "welcome":
      case "frame":
      case "lost":
        return
    }
  }
}
