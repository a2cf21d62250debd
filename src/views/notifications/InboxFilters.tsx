import type { NotificationFilters } from "../../machines/notifications/notification-list"
import {
  NOTIFICATION_TYPES,
  type NotificationType,
  PRIORITIES,
  type Priority,
} from "../../schema/notifications/notifications"
import * as ui from "../shared/ui.css"
import { typeLabel } from "./type-icon"

const PRIORITY_LABELS: Record<Priority, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
}

const pick = <T extends string>(options: ReadonlyArray<T>, value: string): T | undefined =>
  options.find((o) => o === value)

/** Without the key when 'All' is chosen: a filter is either set or absent, never undefined-valued. */
function patch<K extends keyof NotificationFilters>(
  filters: NotificationFilters,
  key: K,
  value: NotificationFilters[K] | undefined,
): NotificationFilters {
  const { [key]: _dropped, ...rest } = filters
  return value === undefined ? rest : { ...rest, [key]: value }
}

/** The notifications page's read-state, type and priority filters. */
export function InboxFilters({
  filters,
  onChange,
}: {
  filters: NotificationFilters
  onChange: (filters: NotificationFilters) => void
}) {
  return (
    <>
      <label className={ui.field}>
        Read state
        <select
          className={ui.input}
          value={filters.is_read ?? ""}
          onChange={(e) =>
            onChange(patch(filters, "is_read", pick(["true", "false"] as const, e.target.value)))
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
          onChange={(e) =>
            onChange(patch(filters, "type", pick<NotificationType>(NOTIFICATION_TYPES, e.target.value)))
          }
        >
          <option value="">All types</option>
          {NOTIFICATION_TYPES.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
      </label>
      <label className={ui.field}>
        Priority
        <select
          className={ui.input}
          value={filters.priority ?? ""}
          onChange={(e) => onChange(patch(filters, "priority", pick<Priority>(PRIORITIES, e.target.value)))}
        >
          <option value="">All priorities</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
    </>
  )
}
