import { forwardRef, useId } from "react"
import { Link } from "wouter"
import { linkTo } from "../../schema/system/app-routes"
import * as ui from "../shared/ui.css"
import { BellList } from "./BellList"
import { BellPanelFrame } from "./BellPanelFrame"
import { BellTabs } from "./BellTabs"
import * as css from "./bell.css"
import { ConnectionHealth } from "./ConnectionHealth"
import { useNotifications, useNotificationsSend } from "./notification-hooks"

/** The bell's dropdown: All / Unread tabs, the list, paging, 'View all', 'Mark all as read' and the socket's health. */
export const BellPanel = forwardRef<HTMLDivElement, { onClose: () => void; onEscape: () => void }>(
  function BellPanel({ onClose, onEscape }, ref) {
    const send = useNotificationsSend()
    const unread = useNotifications((s) => s.context.unread)
    const unreadTab = useNotifications((s) => s.context.filters.is_read === "false")
    const listId = useId()
    return (
      <BellPanelFrame ref={ref} onClose={onClose} onEscape={onEscape}>
        <div className={css.panelHeader}>
          <h2 className={css.panelTitle}>Notifications</h2>
          <ConnectionHealth />
          <button
            type="button"
            className={ui.button.ghost}
            disabled={unread === 0}
            onClick={(e) => {
              // The button is disabled once nothing is unread, which drops its focus to the page body: keep
              // focus in the panel so that Tab and Escape still work from here.
              e.currentTarget.closest<HTMLElement>('[role="dialog"]')?.focus()
              send({ type: "notifications.markAllRead" })
            }}
          >
            Mark all as read
          </button>
        </div>
        <BellTabs panelId={listId} />
        <div
          id={listId}
          className={css.scroller}
          role="tabpanel"
          aria-label={unreadTab ? "Unread notifications" : "All notifications"}
        >
          <BellList onOpen={onClose} />
        </div>
        <div className={css.footer}>
          <Link href={linkTo.notifications} onClick={onClose}>
            View all
          </Link>
        </div>
      </BellPanelFrame>
    )
  },
)
