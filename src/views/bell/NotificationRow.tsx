import { Link } from "wouter"
import { relativeTime } from "../../machines/relative-time"
import type { Notification } from "../../schema/notifications"
import * as ui from "../shared/ui.css"
import * as css from "./bell.css"
import { useNotifications, useNotificationsSend } from "./notification-hooks"

/** One notification: title, message and 'x ago' from the notifications actor's clock; opens its page. */
export function NotificationRow({ item, onOpen }: { item: Notification; onOpen?: () => void }) {
  const now = useNotifications((s) => s.context.now)
  const send = useNotificationsSend()
  return (
    <li className={css.item} data-unread={!item.is_read}>
      <Link href={`/notifications/${item.id}`} className={css.row} onClick={onOpen}>
        <span className={item.is_read ? undefined : css.unread}>
          {item.is_read ? null : <span className="visually-hidden">Unread: </span>}
          {item.title}
        </span>
        <span className={css.message}>{item.message}</span>
        <time className={css.time} dateTime={item.created_at}>
          {now > 0 ? relativeTime(item.created_at, now) : ""}
        </time>
      </Link>
      {item.is_read ? null : (
        <button
          type="button"
          className={ui.button.ghost}
          aria-label={`Mark "${item.title}" as read`}
          onClick={() => send({ type: "notifications.markRead", id: item.id })}
        >
          ✓
        </button>
      )}
    </li>
  )
}
