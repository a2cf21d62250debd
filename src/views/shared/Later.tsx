import { type ReactNode, useDeferredValue } from "react"

/**
 * A part of a page built in a render of its own, which React runs after the render that mounted it has been
 * painted (time-sliced, it gives the browser the frame first); until then, the fallback. For what lies below
 * a page's first screen, or opens machines and requests of its own: on a slow phone these were half of a
 * record page's first render with its data, and of the layout before that page could show.
 */
export function Later({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false)
  return ready ? children : fallback
}
