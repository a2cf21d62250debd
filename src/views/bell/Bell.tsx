import { Bell as BellIcon } from "lucide-react"
import { useEffect, useRef, useState } from "react"
import { badgeText } from "../../machines/notification-list"
import { BellPanel } from "./BellPanel"
import * as css from "./bell.css"
import { useNotifications } from "./notification-hooks"

/** The top bar's bell: the unread badge and the panel; Escape closes it and focus returns to the bell. */
export function Bell() {
  const unread = useNotifications((s) => s.context.unread)
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const text = badgeText(unread)

  useEffect(() => {
    if (open) panelRef.current?.focus()
  }, [open])

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }

  return (
    <div className={css.wrapper}>
      <button
        ref={buttonRef}
        type="button"
        className={css.bellButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon size={20} aria-hidden="true" />
      </button>
      {/* Beside the button, not in it: the button's name carries the exact count, and visible text inside
          it ('9+') that its name lacks fails WCAG 2.5.3 (label in name). */}
      {text ? (
        <span className={css.badge} data-testid="bell-badge" aria-hidden="true">
          {text}
        </span>
      ) : null}
      {open ? <BellPanel ref={panelRef} onClose={() => setOpen(false)} onEscape={close} /> : null}
    </div>
  )
}
