import { Archive, ArchiveRestore, Mail, MailOpen } from "lucide-react"
import { memo } from "react"
import { Link } from "wouter"
import type { Notification } from "../../schema/notifications/notifications"
import { linkTo } from "../../schema/system/app-routes"
import * as ui from "../shared/ui.css"
import * as css from "./bell.css"
import * as rowCss from "./inbox-row.css"
import { TypeIcon } from "./type-icon"

/** What a row's buttons do; the list's owner decides (every one is a command to the notifications actor). */
export interface RowActions {
  readonly markRead: (id: number) => void
  readonly markUnread: (id: number) => void
  readonly archive: (id: number) => void
  readonly unarchive: (id: number) => void
}

interface RowProps {
  readonly item: Notification
  /** 'x ago', worked out by the list from the actor's clock: a string, so a tick re-renders only the rows
   * whose label changed. */
  readonly label: string
  /** Position in the whole list and its length: a windowed list renders only some rows (aria-posinset). */
  readonly index: number
  readonly setSize: number
  readonly actions: RowActions
  /** The row is in the archive: its action brings it back instead of archiving it. */
  readonly archived: boolean
  readonly onOpen?: (() => void) | undefined
}

const PRIORITY_WORDS = { urgent: "Urgent", high: "High" } as const

/** Focus goes to the row after (or before) one leaving the list, so a keyboard user keeps their place. */
function focusNeighbour(button: HTMLElement) {
  const row = button.closest("li")
  const next = row?.nextElementSibling ?? row?.previousElementSibling
  const link = next?.querySelector<HTMLElement>("a")
  if (link) link.focus()
  else button.closest<HTMLElement>('[role="dialog"], main')?.focus()
}

/**
 * One notification: unread dot, type icon, title with its priority (urgent and high marked), message, sender
 * and 'x ago'; opens its page. Read/unread and archive act on the row. Memoised and free of subscriptions, so a
 * list paged out to thousands of rows renders only the rows that changed (bench/list-scroll.ts).
 */
export const NotificationRow = memo(function NotificationRow({
  item,
  label,
  index,
  setSize,
  actions,
  archived,
  onOpen,
}: RowProps) {
  const marked = item.priority === "urgent" || item.priority === "high" ? item.priority : null
  return (
    <li
      className={rowCss.item}
      data-unread={!item.is_read}
      data-id={item.id}
      aria-posinset={index + 1}
      aria-setsize={setSize}
    >
      {item.is_read ? null : <span className={rowCss.dot} aria-hidden="true" />}
      <TypeIcon type={item.notification_type} />
      <Link href={linkTo.notification(item.id)} className={css.row} onClick={onOpen}>
        <span className={rowCss.headline}>
          <span className={item.is_read ? css.title : css.unread}>
            {item.is_read ? null : <span className="visually-hidden">Unread: </span>}
            {item.title}
          </span>
          {marked ? <span className={rowCss.priority[marked]}>{PRIORITY_WORDS[marked]}</span> : null}
        </span>
        <span className={css.message}>{item.message}</span>
        <span className={rowCss.meta}>
          {item.sender_name ?? "System"} ·{" "}
          <time className={css.time} dateTime={item.created_at}>
            {label}
          </time>
        </span>
      </Link>
      <span className={rowCss.actions}>
        {/* One button that changes its word: focus stays on it when the row flips between read and unread. */}
        <button
          type="button"
          className={`${ui.button.ghost} ${rowCss.action}`}
          aria-label={item.is_read ? `Mark "${item.title}" as unread` : `Mark "${item.title}" as read`}
          title={item.is_read ? "Mark as unread" : "Mark as read"}
          onClick={() => (item.is_read ? actions.markUnread(item.id) : actions.markRead(item.id))}
        >
          {item.is_read ? <Mail size={18} aria-hidden="true" /> : <MailOpen size={18} aria-hidden="true" />}
        </button>
        <button
          type="button"
          className={`${ui.button.ghost} ${rowCss.action}`}
          aria-label={archived ? `Move "${item.title}" to the inbox` : `Archive "${item.title}"`}
          title={archived ? "Move to inbox" : "Archive"}
          onClick={(e) => {
            // The row leaves this list: hand focus on before it goes, or it falls to the page body.
            focusNeighbour(e.currentTarget)
            if (archived) actions.unarchive(item.id)
            else actions.archive(item.id)
          }}
        >
          {archived ? (
            <ArchiveRestore size={18} aria-hidden="true" />
          ) : (
            <Archive size={18} aria-hidden="true" />
          )}
        </button>
      </span>
    </li>
  )
})
