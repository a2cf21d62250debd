import { type KeyboardEvent, useId } from "react"
import type { BellTab } from "../../machines/notifications/notifications-context"
import * as css from "./bell.css"
import { useNotifications, useNotificationsSend } from "./notification-hooks"

const TABS: ReadonlyArray<readonly [BellTab, string]> = [
  ["all", "All"],
  ["unread", "Unread"],
]

/**
 * The bell's All / Unread tabs (the tab pattern: arrow keys move between them, Tab goes on to the list, which
 * is their tab panel).
 */
export function BellTabs({ panelId }: { panelId: string }) {
  const send = useNotificationsSend()
  const current: BellTab = useNotifications((s) => (s.context.filters.is_read === "false" ? "unread" : "all"))
  const id = useId()
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return
    e.preventDefault()
    const next: BellTab = current === "all" ? "unread" : "all"
    send({ type: "notifications.tab", tab: next })
    document.getElementById(`${id}-${next}`)?.focus()
  }
  return (
    <div className={css.tabs} role="tablist" aria-label="Show" onKeyDown={onKeyDown}>
      {TABS.map(([tab, label]) => (
        <button
          key={tab}
          id={`${id}-${tab}`}
          type="button"
          role="tab"
          className={css.tab}
          aria-selected={tab === current}
          aria-controls={panelId}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => send({ type: "notifications.tab", tab })}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
