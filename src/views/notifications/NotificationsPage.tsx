import { type ChangeEvent, useEffect } from "react"
import type { NotificationFilters } from "../../machines/notification-list"
import {
  NOTIFICATION_TYPES,
  type NotificationType,
  PRIORITIES,
  type Priority,
} from "../../schema/notifications"
import * as css from "../bell/bell.css"
import { NotificationList } from "../bell/NotificationList"
import { useNotifications, useNotificationsSend } from "../bell/notification-hooks"
import * as ui from "../shared/ui.css"

const label = (value: string) => value.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase())
const pick = <T extends string>(options: ReadonlyArray<T>, value: string): T | undefined =>
  options.find((o) => o === value)

/** /notifications: the whole list with read-state, type and priority filters, paging and mark all read. */
export default function NotificationsPage() {
  const send = useNotificationsSend()
  const filters = useNotifications((s) => s.context.filters)
  const unread = useNotifications((s) => s.context.unread)
  // The bell shares this list: leaving the page gives it back unfiltered.
  useEffect(() => () => send({ type: "notifications.clearFilters" }), [send])
  const change = (patch: Partial<NotificationFilters>) =>
    send({ type: "notifications.filter", filters: { ...filters, ...patch } })

  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        Notifications
      </h1>
      <div className={css.filters}>
        <label className={ui.field}>
          Read state
          <select
            className={ui.input}
            value={filters.is_read ?? ""}
            onChange={(e: ChangeEvent<HTMLSelectElement>) =>
              change({ is_read: pick(["true", "false"] as const, e.target.value) })
            }
          >
            <option value="">All</option>
            <option value="false">Unread</option>
            <option value="true">Read</option>
          </select>
        </label>
        <label className={ui.field}>
          Type
          <select
            className={ui.input}
            value={filters.type ?? ""}
            onChange={(e) => change({ type: pick<NotificationType>(NOTIFICATION_TYPES, e.target.value) })}
          >
            <option value="">All types</option>
            {NOTIFICATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {label(t)}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          Priority
          <select
            className={ui.input}
            value={filters.priority ?? ""}
            onChange={(e) => change({ priority: pick<Priority>(PRIORITIES, e.target.value) })}
          >
            <option value="">All priorities</option>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {label(p)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={ui.button.secondary}
          disabled={unread === 0}
          onClick={() => send({ type: "notifications.markAllRead" })}
        >
          Mark all as read
        </button>
      </div>
      <div className={ui.card}>
        <NotificationList />
      </div>
    </section>
  )
}
