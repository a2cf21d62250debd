import { useLayoutEffect } from "react"
import { listStatus, useNotifications } from "./notification-hooks"

/**
 * Reports the notifications' own unread count to the bell once their first page has arrived (null until
 * then, when the summary's count stands in). Part of the top bar's live parts: it needs the notifications.
 * Reported as a layout effect: the bell draws the count in the same task as the frame that changed it, not in
 * a task of its own after every other waiting one (in each of fifty tabs).
 */
export function LiveUnread({ onChange }: { onChange: (unread: number | null) => void }) {
  const own = useNotifications((s) => {
    const status = listStatus(s)
    return status === "ready" || status === "loadingMore" || s.context.items.length > 0
      ? s.context.unread
      : null
  })
  useLayoutEffect(() => onChange(own), [own, onChange])
  return null
}
