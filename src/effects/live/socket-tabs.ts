import { Effect } from "effect"
import { SOCKET_TABS } from "../../constants"
import { emptyRelayBuffer, type RelayBuffer, relayTake } from "../../machines/live/relay-buffer"
import type { ServerMessage } from "../../schema/live/socket"
import { liveSocketName, liveStreamName, liveTabName } from "../../schema/tabs/tab-names"
import type { ChannelLike, LocksLike } from "../tabs/tab-link"
import { hiddenHold } from "./hidden-hold"
import { type LeaderRelay, leaderRelay } from "./leader-relay"
import type { NotificationSocketShape } from "./notification-socket"
import { relayLinkOver } from "./relay-link"
import { sharedConnection, type TabSession } from "./shared-connection"
import { sessionOfToken } from "./token-session"

// One live socket for all the tabs of a session (docs/behaviour.md#one-socket-per-session). The tab that holds
// the session's Web Lock (the leader) opens the real socket and relays it on the session's BroadcastChannel; every
// other tab (a follower) gets, for each connection its socket machine opens, a connection over that channel
// which reports what the leader's socket does. The machine above cannot tell the two apart: its reconnect rules
// run unchanged in the leader, and a follower's follow the leader's losses. When the leader goes (closed,
// crashed) the lock passes to a waiting tab, which opens the socket from the position it holds while its
// machine stays connected; the others join it again with theirs. A hidden follower stops hearing the frames and
// catches up from its position now and then, and as it is shown. Without Web Locks or BroadcastChannel, or for a
// token whose session cannot be read, every tab holds its own socket, as before.

export interface SocketTabsEnv {
  /** Opens the BroadcastChannel of this name; null where there is none. */
  readonly channel: (name: string) => ChannelLike | null
  readonly locks: LocksLike | null
  /** This tab's name among the others. */
  readonly tab: string
  /** Runs a task after the current one (and its microtasks), without the throttling timers get in hidden tabs. */
  readonly later: (task: () => void) => void
  /** Calls `listener` when the page is going away (pagehide); returns the function that stops that. */
  readonly onLeave: (listener: () => void) => () => void
  /** Whether the tab is hidden (another tab or window is on screen). */
  readonly hidden: () => boolean
  /** Calls `listener` when the tab is shown again; returns the function that stops that. */
  readonly onShown: (listener: () => void) => () => void
  /** Calls `listener` when the tab is hidden; returns the function that stops that. */
  readonly onHidden: (listener: () => void) => () => void
  /**
   * Calls `catchUp` once a hidden follower has rested a while (in the browser `SOCKET_TABS.hiddenMs` to twice that,
   * drawn each time, so that hidden tabs do not all ask at once); returns the function that cancels it.
   */
  readonly afterRest: (catchUp: () => void) => () => void
}

export interface SocketTabs {
  /** The socket service `inner`, shared with the other tabs of each token's session. */
  readonly share: (inner: NotificationSocketShape) => NotificationSocketShape
  /** Hears that a follower's browser says the network may be back, while this tab leads (socket machine's wake). */
  readonly onWake: (listener: () => void) => () => void
  /** This tab's browser says the network may be back: the leader hears it too. */
  readonly wake: () => void
}

interface Session extends TabSession {
  readonly name: string
  role: "electing" | "leader" | "follower"
  relay: LeaderRelay | null
  readonly abort: AbortController
  releaseLock: () => void
  /** Stops the wait of a hidden follower that does not hear the stream: it catches up when shown, or after it. */
  cancelRest: () => void
  /**
   * The stream as this tab heard it while following: should it take the socket over, it answers the others from
   * it, so that a tab that rested meanwhile catches up instead of loading again.
   */
  kept: RelayBuffer
  stop: () => void
  releaseTimer: ReturnType<typeof setTimeout> | undefined
}

export function socketTabs(env: SocketTabsEnv): SocketTabs {
  const { locks, tab } = env
  const wakes = new Set<() => void>()
  const wakeThisTab = () => {
    for (const listener of wakes) listener()
  }
  let session: Session | null = null

  const leave = (s: Session) => {
    if (session === s) session = null
    clearTimeout(s.releaseTimer)
    s.cancelRest()
    s.abort.abort()
    s.releaseLock()
    s.stop()
    s.link.close()
  }

  // A hidden leader tells the followers first: the tab on screen is one of them.
  const later = (task: () => void) => (env.hidden() ? task() : env.later(task))

  /**
   * A hidden follower stops hearing the stream as it is hidden, or once none of its connections waits for the
   * answer to a join, and catches up after a rest (`env.afterRest`) or as it is shown.
   */
  const restIfHidden = (s: Session) => {
    if (s.role !== "follower" || !s.link.hearsStream() || !env.hidden()) return
    for (const connection of s.connections) if (connection.joining()) return
    s.link.hearStream(false)
    s.cancelRest()
    s.cancelRest = env.afterRest(() => catchUp(s))
  }

  /**
   * Each connection joins again from the position it holds; the holder answers with what it missed. A tab that
   * hears the stream (a join since opened it) has missed nothing.
   */
  const catchUp = (s: Session) => {
    s.cancelRest()
    if (s.link.hearsStream()) return
    s.link.hearStream(true)
    for (const connection of s.connections) connection.catchUp()
    restIfHidden(s)
  }

  const becomeLeader = (s: Session) => {
    // A resting follower applied every frame up to its position: its own socket resumes from there.
    s.cancelRest()
    s.link.hearStream(true)
    s.role = "leader"
    const lockManager = locks
    s.relay = leaderRelay(
      s.link,
      SOCKET_TABS.replayFrames,
      wakeThisTab,
      later,
      (other, gone) => {
        // Granted once that tab's own lock is let go: it closed, crashed or left the session.
        void lockManager
          ?.request(liveTabName(s.name, other), { signal: s.abort.signal }, async () => {
            if (session === s) gone()
          })
          .catch(() => undefined)
      },
      s.kept,
    )
    s.kept = emptyRelayBuffer
    s.link.post({ type: "leader" })
    for (const connection of s.connections) connection.lead()
    // Its machine is between attempts: a socket for every tab is worth trying now.
    if (s.connections.size === 0) wakeThisTab()
  }

  const elect = (s: Session, lockManager: LocksLike) => {
    const hold = () =>
      new Promise<void>((release) => {
        s.releaseLock = release
        if (session === s) becomeLeader(s)
        else release()
      })
    lockManager
      .request(liveSocketName(s.name), { ifAvailable: true }, (lock) => {
        if (lock !== null) return hold()
        s.role = "follower"
        for (const connection of s.connections) connection.follow()
        // Held elsewhere: this request ends at once and a queued one waits for the lock.
        void lockManager
          .request(liveSocketName(s.name), { signal: s.abort.signal }, hold)
          .catch(() => undefined)
        return Promise.resolve()
      })
      .catch(() => undefined)
  }

  /** The session's place among the tabs; null where the browser gives no channel for it. */
  const join = (name: string, lockManager: LocksLike): Session | null => {
    if (session !== null && session.name === name) return session
    if (session !== null) leave(session)
    const channel = env.channel(liveSocketName(name))
    if (channel === null) return null
    const link = relayLinkOver(channel, () => env.channel(liveStreamName(name)), tab)
    link.hearStream(true)
    const s: Session = {
      name,
      link,
      role: "electing",
      relay: null,
      connections: new Set(),
      abort: new AbortController(),
      releaseLock: () => {},
      cancelRest: () => {},
      kept: emptyRelayBuffer,
      stop: () => {},
      releaseTimer: undefined,
      keep: () => clearTimeout(s.releaseTimer),
      releaseLater: () => releaseLater(s),
      own: hiddenHold<() => void>((apply) => apply(), {
        hidden: env.hidden,
        onShown: env.onShown,
        holdMs: SOCKET_TABS.hiddenMs,
        holdFrames: SOCKET_TABS.replayFrames,
        jitter: Math.random,
      }),
    }
    const keep = (frame: ServerMessage) => {
      s.kept = relayTake(s.kept, frame, SOCKET_TABS.replayFrames)
    }
    const stopHearing = link.listen((message) => {
      if (s.role === "leader") return s.relay?.heard(message)
      if (message.type === "frame") keep(message.message)
      else if (message.type === "welcome" && message.tab === tab) message.frames.forEach(keep)
      for (const connection of s.connections) connection.heard(message)
      restIfHidden(s)
    })
    const stopShown = env.onShown(() => catchUp(s))
    const stopHidden = env.onHidden(() => restIfHidden(s))
    const stopLeave = env.onLeave(() => {
      s.relay?.unloading()
      for (const connection of s.connections) connection.leaving()
    })
    s.stop = () => {
      stopHearing()
      stopLeave()
      stopShown()
      stopHidden()
      s.own.stop()
    }
    session = s
    // Held while this tab is in the session: the leader sees it go, even when it crashes.
    void lockManager
      .request(
        liveTabName(name, tab),
        { signal: s.abort.signal },
        () =>
          new Promise<void>((release) => {
            const stopHolding = s.stop
            s.stop = () => {
              stopHolding()
              release()
            }
          }),
      )
      .catch(() => undefined)
    elect(s, lockManager)
    return s
  }

  /** Lets the socket go to another tab once this one has had no connection for a while (a sign-out). */
  const releaseLater = (s: Session) => {
    clearTimeout(s.releaseTimer)
    s.releaseTimer = setTimeout(() => {
      if (s.connections.size === 0) leave(s)
    }, SOCKET_TABS.releaseAfterMs)
  }

  return {
    share: (inner) => ({
      open: (token, handlers, since) =>
        Effect.suspend(() => {
          const name = sessionOfToken(token)
          const s = name === null || locks === null ? null : join(name, locks)
          return s === null
            ? inner.open(token, handlers, since)
            : Effect.succeed(sharedConnection(s, tab, inner, token, handlers, since ?? null))
        }),
    }),
    onWake: (listener) => {
      wakes.add(listener)
      return () => wakes.delete(listener)
    },
    wake: () => {
      if (session !== null && session.role === "follower") session.link.post({ type: "wake" })
    },
  }
}
