import { forwardRef } from "react"
import * as ui from "../shared/ui.css"
import * as css from "./bell.css"

/**
 * The bell's panel while the notifications are still starting (the first moments after the page has shown):
 * the click is kept, the panel says it is loading, and its content replaces this once they run.
 */
export const BellPanelLoading = forwardRef<HTMLDivElement, { onEscape: () => void }>(
  function BellPanelLoading({ onEscape }, ref) {
    return (
      <div
        ref={ref}
        className={css.panel}
        role="dialog"
        aria-label="Notifications"
        aria-busy="true"
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key !== "Escape") return
          e.preventDefault()
          onEscape()
        }}
      >
        <div className={ui.centered} role="status">
          <div className={ui.spinner} aria-hidden="true" />
          <span>Loading...</span>
        </div>
      </div>
    )
  },
)
