import { useDashboard } from "../marketplace/page-logic"
import { BellButton } from "./BellButton"
import * as css from "./bell.css"

/**
 * The bell while the notifications are still loading (they start after the page has shown): the unread count
 * the dashboard summary carries, so that it is on screen from the first paint.
 */
export function SummaryBell() {
  const unread = useDashboard((ctx) => ctx.summary?.unread_notifications ?? 0)
  return (
    <div className={css.wrapper}>
      <BellButton unread={unread} open={false} />
    </div>
  )
}
