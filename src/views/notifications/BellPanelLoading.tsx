import { forwardRef } from "react"
import * as ui from "../shared/ui.css"
import { BellPanelFrame } from "./BellPanelFrame"

/**
 * The bell's panel while the notifications are still starting (the first moments after the page has shown):
 * the click is kept, the panel says it is loading, and its content replaces this once they run.
 */
export const BellPanelLoading = forwardRef<HTMLDivElement, { onClose: () => void; onEscape: () => void }>(
  function BellPanelLoading({ onClose, onEscape }, ref) {
    return (
      <BellPanelFrame ref={ref} busy onClose={onClose} onEscape={onEscape}>
        <div className={ui.centered} role="status">
          <div className={ui.spinner} aria-hidden="true" />
          <span>Loading...</span>
        </div>
      </BellPanelFrame>
    )
  },
)
