import { useEffect } from "react"
import { useReconnections } from "../notifications/notification-hooks"

// What the layout adds once the rest of the session runs (the notifications, the socket, the pages'
// machines): loaded in a chunk of its own after the first paint, by ./live-parts-hooks.ts.

export { BellPanel } from "../notifications/BellPanel"
export { LiveUnread } from "../notifications/LiveUnread"
export { CommandPalette } from "./CommandPalette"
export { ConnectionIndicator } from "./ConnectionIndicator"
export { SharedViews } from "./SharedViews"

/** Reports how often the connection has come back, for the pages' retry of a chunk that failed to load. */
export function ReconnectionCounter({ onChange }: { onChange: (count: number) => void }) {
  const count = useReconnections()
  useEffect(() => onChange(count), [count, onChange])
  return null
}
