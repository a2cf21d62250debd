import { Effect } from "effect"
import { afterEach, expect, vi } from "vitest"
import type {
  NotificationSocketShape,
  SocketClose,
  SocketHandlers,
} from "../../../src/effects/live/notification-socket"
import { type SocketTabs, socketTabs } from "../../../src/effects/live/socket-tabs"
import type { LocksLike } from "../../../src/effects/tabs/tab-link"
import type { ClientMessage, ServerMessage } from "../../../src/schema/live/socket"

// Tabs of one browser for the shared socket's tests: Node's real BroadcastChannel between them, a lock manager
// that behaves as the browser's (one holder per name, the others queue; a crashed holder's lock passes on), a
// fake server socket per tab that records what it is asked, and whether the tab is on screen.

/** Locks as the browser keeps them; `crash` lets a holder's locks go as a closed or crashed tab's do. */
function memoryLocks() {
  const held = new Map<string, string>()
  const waiting = new Map<string, Array<{ owner: string; grant: () => void }>>()
  const next = (name: string) => {
    held.delete(name)
    waiting.get(name)?.shift()?.grant()
  }
  const forTab = (owner: string): LocksLike => ({
    request: (name, options, callback) => {
      const run = (): Promise<unknown> => {
        held.set(name, owner)
        return callback({ name }).finally(() => {
          if (held.get(name) === owner) next(name)
        })
      }
      if (!held.has(name)) return run()
      if (options.ifAvailable) return callback(null)
      return new Promise((resolve) => {
        const queue = waiting.get(name) ?? []
        queue.push({ owner, grant: () => resolve(run()) })
        waiting.set(name, queue)
      })
    },
  })
  const crash = (owner: string) => {
    for (const [name, holder] of [...held]) if (holder === owner) next(name)
    for (const queue of waiting.values())
      queue.splice(0, queue.length, ...queue.filter((w) => w.owner !== owner))
  }
  return { forTab, crash }
}

export const token = (sub: string, sid: string) =>
  `h.${Buffer.from(JSON.stringify({ sub, sid, cat: "admin" })).toString("base64url")}.s`

export const established = (position: number): ServerMessage => ({
  type: "connection_established",
  user_id: 7,
  latest_notification_id: 40,
  unread_count: 3,
  position,
})
export const read = (id: number, position: number): ServerMessage => ({
  type: "notification.read",
  notification_id: id,
  position,
})

/** A server socket per open: what the tab asked for, and the handle to play the server's part. */
interface FakeSocket {
  readonly since: number | null | undefined
  readonly handlers: SocketHandlers
  readonly sent: ClientMessage[]
  closed: boolean
}

const channels: BroadcastChannel[] = []
/** Channels closed: by their tab, by a crash, or by the end of the test. */
const dead = new WeakSet<BroadcastChannel>()
afterEach(() => {
  for (const channel of channels.splice(0)) {
    dead.add(channel)
    channel.close()
  }
  vi.restoreAllMocks()
})

export function browser() {
  const locks = memoryLocks()
  const tab = (name: string) => {
    let hidden = false
    const shown = new Set<() => void>()
    const hiddenListeners = new Set<() => void>()
    /** The catch-up a resting follower waits for, run by the test (`rested`) rather than by a clock. */
    let rest: (() => void) | null = null
    const sockets: FakeSocket[] = []
    const own: BroadcastChannel[] = []
    /** Messages the browser brought this tab on any channel: each one a wake-up. */
    const woken = { count: 0 }
    const inner: NotificationSocketShape = {
      open: (_token, handlers, since) =>
        Effect.sync(() => {
          const socket: FakeSocket = { since, handlers, sent: [], closed: false }
          sockets.push(socket)
          return {
            send: (message) => Effect.sync(() => void socket.sent.push(message)),
            close: Effect.sync(() => {
              socket.closed = true
            }),
          }
        }),
    }
    const tabs: SocketTabs = socketTabs({
      channel: (channelName) => {
        const channel = new BroadcastChannel(channelName)
        channels.push(channel)
        own.push(channel)
        const counted = new Map<(event: MessageEvent) => void, (event: MessageEvent) => void>()
        // A closed tab runs no code: what it would still post after the test closed its channel goes nowhere.
        return {
          postMessage: (message: unknown) => {
            if (!dead.has(channel)) channel.postMessage(message)
          },
          addEventListener: (type: "message", listener: (event: MessageEvent) => void) => {
            const counting = (event: MessageEvent) => {
              woken.count += 1
              listener(event)
            }
            counted.set(listener, counting)
            channel.addEventListener(type, counting)
          },
          removeEventListener: (type: "message", listener: (event: MessageEvent) => void) =>
            channel.removeEventListener(type, counted.get(listener) ?? listener),
          close: () => {
            dead.add(channel)
            channel.close()
          },
        }
      },
      locks: locks.forTab(name),
      tab: name,
      later: (task) => setTimeout(task, 0),
      onLeave: () => () => {},
      hidden: () => hidden,
      onShown: (listener) => {
        shown.add(listener)
        return () => shown.delete(listener)
      },
      onHidden: (listener) => {
        hiddenListeners.add(listener)
        return () => hiddenListeners.delete(listener)
      },
      afterRest: (catchUp) => {
        rest = catchUp
        return () => {
          if (rest === catchUp) rest = null
        }
      },
    })
    const socket = tabs.share(inner)
    /** What the tab's socket machine hears, in order. */
    const heard: Array<ServerMessage | "opened" | SocketClose> = []
    const open = (t: string, since: number | null) =>
      Effect.runSync(
        socket.open(
          t,
          {
            opened: () => heard.push("opened"),
            message: (message) => heard.push(message),
            closed: (close) => heard.push(close),
          },
          since,
        ),
      )
    /** The tab closes or crashes: it hears and says nothing more, and its locks pass on. */
    const crash = () => {
      for (const channel of own) {
        dead.add(channel)
        channel.close()
      }
      locks.crash(name)
    }
    /** Another tab or window comes on screen over this one, or this one comes back. */
    const hide = () => {
      hidden = true
      for (const listener of hiddenListeners) listener()
    }
    const show = () => {
      hidden = false
      for (const listener of shown) listener()
    }
    /** The rest a resting follower waits out is over; false when none was waited for. */
    const rested = () => {
      const catchUp = rest
      rest = null
      catchUp?.()
      return catchUp !== null
    }
    return { sockets, heard, open, crash, tabs, hide, show, woken, rested }
  }
  /** Another page of the browser (another version of the app, say), with its own hold on the locks. */
  return { tab, locksOf: locks.forTab }
}

type Tab = ReturnType<ReturnType<typeof browser>["tab"]>

/** The tab opens the session's socket at position 10 and holds it: the fake server's side of it. */
export async function holds(tab: Tab, session: string): Promise<FakeSocket> {
  tab.open(session, 10)
  await vi.waitFor(() => expect(tab.sockets).toHaveLength(1))
  const server = tab.sockets[0]
  if (!server) throw new Error("a socket")
  return server
}

/** Two tabs of the session: the first holds the socket (open, at position 10), the second follows it. */
export async function twoTabs(session: string) {
  const b = browser()
  const [a, x] = [b.tab("a"), b.tab("x")]
  const server = await holds(a, session)
  x.open(session, 10)
  server.handlers.opened()
  server.handlers.message(established(10), 0)
  await vi.waitFor(() => expect(x.heard).toContain("opened"))
  return { b, a, x, server }
}
