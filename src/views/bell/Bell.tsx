import { useEffect, useRef, useState } from "react"
import { useDashboard } from "../marketplace/page-logic"
import { BellButton } from "./BellButton"
import { BellPanel } from "./BellPanel"
import * as css from "./bell.css"
import { listStatus, useNotifications } from "./notification-hooks"

/** The top bar's bell: the unread badge and the panel; Escape closes it and focus returns to the bell. */
export function Bell() {
  // Until the notifications' first page has arrived, their count is not known yet: the summary's stands in
  // (the one SummaryBell showed), so that the badge does not blink out and back.
  const own = useNotifications((s) => {
    const status = listStatus(s)
    return status === "ready" || status === "loadingMore" || s.context.items.length > 0
      ? s.context.unread
      : null
  })
  const summary = useDashboard((ctx) => ctx.summary?.unread_notifications ?? 0)
  const unread = own ?? summary
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (open) panelRef.current?.focus()
  }, [open])

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }

  return (
    <div className={css.wrapper}>
      <BellButton unread={unread} open={open} buttonRef={buttonRef} onClick={() => setOpen((o) => !o)} />
      {open ? <BellPanel ref={panelRef} onClose={() => setOpen(false)} onEscape={close} /> : null}
    </div>
  )
}
