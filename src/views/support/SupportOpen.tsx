import { lazy, Suspense } from "react"
import { useSupportSend } from "./support-hooks"

// What shows while the support panel is open, as a chunk of its own (./SupportRoot.tsx fetches it as soon as this
// user may open the panel): the start of every page does not carry it. The panel's own chunk is asked for as this
// one arrives, so that the panel still opens once the network is gone; one that cannot be fetched when it opens
// (offline, or a chunk that vanished after a deploy) says so in its place rather than break the page.
const loadPanel = () => import("./SupportPanel")
void loadPanel().catch(() => undefined)
const SupportPanel = lazy(() => loadPanel().catch(() => ({ default: PanelUnavailable })))

/** Part of this chunk on purpose: it must show when no chunk can be fetched. */
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

export default function SupportOpen() {
  return (
    <Suspense fallback={null}>
      <SupportPanel />
    </Suspense>
  )
}
