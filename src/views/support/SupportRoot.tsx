import { lazy, Suspense, useEffect } from "react"
import { useSupport, useSupportSend } from "./support-hooks"

// Always mounted and tiny: the shortcut, and the panel's own chunk once someone opens it. Whether they may is
// the support machine's decision (admins, or a page started with `?support`).
const loadPanel = () => import("./SupportPanel")
// Offline, or a chunk that vanished after a deploy: say so in place of the panel rather than break the page.
const SupportPanel = lazy(() => loadPanel().catch(() => ({ default: PanelUnavailable })))

/** Part of this (startup) chunk on purpose: it must show when no chunk can be fetched. */
function PanelUnavailable() {
  const send = useSupportSend()
  return (
    <section role="dialog" aria-label="Support panel" style={UNAVAILABLE_STYLE}>
      <p role="alert">The support panel could not be loaded. Check your connection and reload the page.</p>
      <button type="button" onClick={() => send({ type: "support.close" })}>
        Close
      </button>
    </section>
  )
}
const UNAVAILABLE_STYLE = {
  position: "fixed",
  right: 8,
  top: 8,
  zIndex: 1000,
  padding: 12,
  background: "Canvas",
} as const

export const isSupportShortcut = (
  e: Pick<KeyboardEvent, "ctrlKey" | "shiftKey" | "altKey" | "key">,
): boolean => e.ctrlKey && e.shiftKey && !e.altKey && e.key.toLowerCase() === "s"

export function SupportRoot() {
  const open = useSupport((v) => v.open)
  const allowed = useSupport((v) => v.allowed)
  const send = useSupportSend()

  // Fetched as soon as this user may open it, so that it still opens once the network is gone.
  useEffect(() => {
    if (allowed) void loadPanel().catch(() => undefined)
  }, [allowed])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSupportShortcut(e)) return
      e.preventDefault()
      send({ type: "support.toggle" })
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [send])

  if (!open) return null
  return (
    <Suspense fallback={null}>
      <SupportPanel />
    </Suspense>
  )
}
