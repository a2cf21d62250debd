import { forwardRef, type ReactNode } from "react"
import * as css from "./bell.css"

interface Props {
  /** True while the notifications are still starting and the panel shows only that it is loading. */
  readonly busy?: boolean
  readonly onClose: () => void
  readonly onEscape: () => void
  readonly children: ReactNode
}

/**
 * The bell's dropdown as a dialog, whether its content has loaded or not: Escape closes it and returns focus to
 * the bell; focus leaving it (a click elsewhere) closes it without stealing focus back.
 */
export const BellPanelFrame = forwardRef<HTMLDivElement, Props>(function BellPanelFrame(
  { busy, onClose, onEscape, children },
  ref,
) {
  return (
    <div
      ref={ref}
      className={css.panel}
      role="dialog"
      aria-label="Notifications"
      aria-busy={busy ? "true" : undefined}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key !== "Escape") return
        e.preventDefault()
        onEscape()
      }}
      onBlur={(e) => {
        if (!e.currentTarget.parentElement?.contains(e.relatedTarget as Node | null)) onClose()
      }}
    >
      {children}
    </div>
  )
})
