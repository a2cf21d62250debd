import { useCallback } from "react"
import { LOAD_FAILED } from "../../machines/notifications.machine"
import * as ui from "../shared/ui.css"
import * as css from "./bell.css"
import { NotificationRows } from "./NotificationRows"
import { listStatus, useNotifications, useNotificationsSend } from "./notification-hooks"

/** Loading, failure with Retry, empty state, the items and 'Load More': shared by the bell and the page. */
export function NotificationList({ onOpen }: { onOpen?: () => void }) {
  const send = useNotificationsSend()
  const status = useNotifications(listStatus)
  const items = useNotifications((s) => s.context.items)
  const hasMore = useNotifications((s) => s.context.hasMore)
  const moreFailed = useNotifications((s) => s.context.moreFailed)
  const now = useNotifications((s) => s.context.now)
  const markRead = useCallback((id: number) => send({ type: "notifications.markRead", id }), [send])

  if (status === "loading" || status === "idle") return <p className={css.centered}>Loading...</p>
  if (status === "failed")
    return (
      <div className={css.centered} role="alert">
        <p>{LOAD_FAILED}</p>
        <button
          type="button"
          className={ui.button.secondary}
          onClick={() => send({ type: "notifications.retry" })}
        >
          Retry
        </button>
      </div>
    )
  if (items.length === 0)
    return (
      <div className={css.centered}>
        <p>
          <strong>No notifications</strong>
        </p>
        <p className={ui.muted}>You're all caught up!</p>
      </div>
    )
  return (
    <>
      <NotificationRows items={items} now={now} onMarkRead={markRead} onOpen={onOpen} />
      {moreFailed ? <p className={css.centered}>{LOAD_FAILED}</p> : null}
      {hasMore ? (
        <div className={css.centered}>
          <button
            type="button"
            className={ui.button.secondary}
            // Not disabled while loading: a disabled button drops focus, and focus leaving closes the panel.
            aria-busy={status === "loadingMore"}
            onClick={() => send({ type: "notifications.loadMore" })}
          >
            {status === "loadingMore" ? "Loading..." : "Load More"}
          </button>
        </div>
      ) : null}
    </>
  )
}
