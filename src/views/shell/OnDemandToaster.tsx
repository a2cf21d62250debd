import { lazy, Suspense } from "react"
import { TOAST } from "../../constants"
import { effectiveTheme } from "../../machines/shell/ui-preferences.machine"
import { loadToaster, useToasterWanted } from "./toaster-hooks"
import { TOPBAR_HEIGHT_PX } from "./topbar-height"
import { useUiPreferences } from "./ui-hooks"

// Downloaded with the first toast: a visit that never shows one (the sign-in page) never fetches sonner. A failed
// download is tried again, never thrown into this render.
const Toaster = lazy(loadToaster)

// Toasts start below the top bar, so the bell and the user menu stay clickable while they are shown.
const GAP_PX = 8
const OFFSET = { top: TOPBAR_HEIGHT_PX + GAP_PX, right: 16 }
const MOBILE_OFFSET = { top: TOPBAR_HEIGHT_PX + GAP_PX, left: GAP_PX, right: GAP_PX }
// Above the page, below the top bar and what it opens (the bell's panel and the user menu sit in the top bar's
// stacking context, z-index 20): an open panel is never covered by a toast that arrives while it is read.
const TOASTER_STYLE = { zIndex: 15 }

/** The one app-wide toaster (top-right, 4 s, at most 20), mounted when the first toast is due. */
export function OnDemandToaster() {
  const theme = useUiPreferences(effectiveTheme)
  const toasting = useToasterWanted()
  if (!toasting) return null
  return (
    <Suspense fallback={null}>
      <Toaster
        position={TOAST.position}
        duration={TOAST.defaultDurationMs}
        visibleToasts={TOAST.maxVisible}
        theme={theme}
        offset={OFFSET}
        mobileOffset={MOBILE_OFFSET}
        style={TOASTER_STYLE}
        closeButton
      />
    </Suspense>
  )
}
