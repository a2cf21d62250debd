import { useRef, useState } from "react"
import { useDashboard } from "../marketplace/page-logic"
import type { LiveParts } from "../shell/live-parts-hooks"
import { BellButton } from "./BellButton"
import { BellPanelLoading } from "./BellPanelLoading"
import * as css from "./bell.css"

/**
 * The top bar's bell: the unread badge and the panel; Escape closes it and focus returns to the bell. It is on
 * screen from the first paint, before the notifications run (they start once the page has shown): until then
 * the badge shows the summary's count and a click opens the panel loading, which fills in once they run
 * (docs/architecture.md#start-up-order-the-page-shows-first-the-rest-follows).
 */
export function Bell({ live }: { live: LiveParts | null }) {
  // Until the notifications' first page has arrived their count is not known: the summary's stands in, so
  // that the badge does not blink out and back. Once it is known the summary's copy is not read: every live
  // notification changes it too, and would draw the bell once more.
  const [own, setOwn] = useState<number | null>(null)
  const summary = useDashboard((ctx) => (own === null ? (ctx.summary?.unread_notifications ?? 0) : null))
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const Panel = live?.BellPanel ?? null

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }

  return (
    <div className={css.wrapper}>
      {live ? <live.LiveUnread onChange={setOwn} /> : null}
      <BellButton
        unread={own ?? summary ?? 0}
        open={open}
        buttonRef={buttonRef}
        onClick={() => setOpen((o) => !o)}
      />
      {open && Panel ? <Panel ref={takeFocus} onClose={() => setOpen(false)} onEscape={close} /> : null}
      {open && !Panel ? (
        <BellPanelLoading ref={takeFocus} onClose={() => setOpen(false)} onEscape={close} />
      ) : null}
    </div>
  )
}

/**
 * A panel takes the focus as it opens, and again when its content replaces the loading one that had it. Defined
 * once, so that React calls it only when a panel mounts, not on every render.
 */
const takeFocus = (panel: HTMLDivElement | null) => panel?.focus()
