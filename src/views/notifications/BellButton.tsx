import type { Ref } from "react"
import { Glyph } from "../shared/Glyph"
import { badgeText } from "./badge-text"
import * as css from "./bell.css"

interface BellButtonProps {
  readonly unread: number
  readonly open: boolean
  readonly onClick: () => void
  readonly buttonRef?: Ref<HTMLButtonElement>
}

/** The top bar's bell button and its unread badge. */
export function BellButton({ unread, open, onClick, buttonRef }: BellButtonProps) {
  const text = badgeText(unread)
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={css.bellButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        onClick={onClick}
      >
        <Glyph name="bell" size={20} />
      </button>
      {/* Beside the button, not in it: the button's name carries the exact count, and visible text inside
          it ('9+') that its name lacks fails WCAG 2.5.3 (label in name). */}
      {text ? (
        <span className={css.badge} data-testid="bell-badge" aria-hidden="true">
          {text}
        </span>
      ) : null}
    </>
  )
}
