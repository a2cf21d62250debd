import { SOCKET_TABS } from "../../constants"
import { type SocketTabs, socketTabs } from "./socket-tabs"

// The browser's own pieces for the socket the tabs of a session share (./socket-tabs.ts): a BroadcastChannel per
// session, the lock manager, a name for this tab, and the page going away. Where a browser lacks the channel or
// the locks, every tab keeps its own socket.

const tabName = (): string =>
  typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/**
 * A task after this one, through a MessageChannel: its messages are not throttled in a hidden tab as timers are
 * (the tab that holds the socket may well be hidden).
 */
function afterThisTask(): (task: () => void) => void {
  if (typeof MessageChannel === "undefined") return (task) => setTimeout(task, 0)
  const tasks: Array<() => void> = []
  const channel = new MessageChannel()
  channel.port1.onmessage = () => tasks.shift()?.()
  return (task) => {
    tasks.push(task)
    channel.port2.postMessage(null)
  }
}

/** Calls `listener` each time the page's visibility becomes `state`. */
function onVisibility(state: DocumentVisibilityState, listener: () => void): () => void {
  if (typeof document === "undefined") return () => {}
  const changed = () => {
    if (document.visibilityState === state) listener()
  }
  document.addEventListener("visibilitychange", changed)
  return () => document.removeEventListener("visibilitychange", changed)
}

export function browserSocketTabs(): SocketTabs {
  const hasChannel = typeof BroadcastChannel !== "undefined"
  return socketTabs({
    channel: (name) => (hasChannel ? new BroadcastChannel(name) : null),
    locks: typeof navigator === "undefined" || !hasChannel ? null : (navigator.locks ?? null),
    tab: tabName(),
    later: afterThisTask(),
    onLeave: (listener) => {
      if (typeof window === "undefined") return () => {}
      window.addEventListener("pagehide", listener)
      return () => window.removeEventListener("pagehide", listener)
    },
    hidden: () => typeof document !== "undefined" && document.visibilityState === "hidden",
    onShown: (listener) => onVisibility("visible", listener),
    onHidden: (listener) => onVisibility("hidden", listener),
    afterRest: (catchUp) => {
      const timer = setTimeout(catchUp, SOCKET_TABS.hiddenMs * (1 + Math.random()))
      return () => clearTimeout(timer)
    },
  })
}
