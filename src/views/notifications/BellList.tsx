import * as ui from "../shared/ui.css"
import { NotificationList } from "./NotificationList"
import { listStatus, useNotifications, useNotificationsSend, useRowActions } from "./notification-hooks"

/** The bell's own list, of its tab (All or Unread); the notifications page's filters never reach it. */
export function BellList({ onOpen }: { onOpen: () => void }) {
  const send = useNotificationsSend()
  const actions = useRowActions()
  const unreadTab = useNotifications((s) => s.context.filters.is_read === "false")
  return (
    <NotificationList
      status={useNotifications(listStatus)}
      items={useNotifications((s) => s.context.items)}
      now={useNotifications((s) => s.context.now)}
      hasMore={useNotifications((s) => s.context.hasMore)}
      moreFailed={useNotifications((s) => s.context.moreFailed)}
      actions={actions}
      empty={
        <>
          <p>
            <strong>{unreadTab ? "No unread notifications" : "No notifications"}</strong>
          </p>
          <p className={ui.muted}>You're all caught up!</p>
        </>
      }
      onRetry={() => send({ type: "notifications.retry" })}
      onLoadMore={() => send({ type: "notifications.loadMore" })}
      onOpen={onOpen}
    />
  )
}
