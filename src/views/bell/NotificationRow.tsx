import { Check } from "lucide-react"
import { memo } from "react"
import { Link } from "wouter"
import { linkTo } from "../../schema/app-routes"
import type { Notification } from "../../schema/notifications"
import * as ui from "../shared/ui.css"
import * as css from "./bell.css"

interface RowProps {
  readonly item: Notification
  /** 'x ago', worked out by the list from the actor's clock: a string, so a tick re-renders only the rows
   * whose label changed. */
  readonly label: string
  /** Position in the whole list and its length: a windowed list renders only some rows (aria-posinset). */
  readonly index: number
  readonly setSize: number
  readonly onMarkRead: (id: number) => void
  readonly onOpen?: (() => void) | undefined
}

/**
 * One notification: title, message and 'x ago'; opens its page. Memoised and free of subscriptions, so a
 * list paged out to thousands of rows renders only the rows that changed (bench/list-scroll.ts).
 */
export const NotificationRow = memo(function NotificationRow({
  item,
  label,
  index,
  setSize,
  onMarkRead,
  onOpen,
}: RowProps) {
  return (
    <li
      className={css.item}
      data-unread={!item.is_read}
      data-id={item.id}
      aria-posinset={index + 1}
      aria-setsize={setSize}
    >
      <Link href={linkTo.notification(item.id)} className={css.row} onClick={onOpen}>
        <span className={item.is_read ? css.title : css.unread}>
          {item.is_read ? null : <span className="visually-hidden">Unread: </span>}
          {item.title}
        </span>
        <span className={css.message}>{item.message}</span>
        <time className={css.time} dateTime={item.created_at}>
          {label}
        </time>
      </Link>
      {item.is_read ? null : (
        <button
          type="button"
          className={`${ui.button.ghost} ${css.rowAction}`}
          aria-label={`Mark "${item.title}" as read`}
          title="Mark as read"
          onClick={(e) => {
            // The button goes away once the row is read: hand focus to the row's link first, or it falls to
            // the page body and a keyboard user loses their place (and Escape no longer closes the panel).
            const link = e.currentTarget.previousElementSibling
            if (link instanceof HTMLElement) link.focus()
            onMarkRead(item.id)
          }}
        >
          <Check size={18} aria-hidden="true" />
        </button>
      )}
    </li>
  )
})
