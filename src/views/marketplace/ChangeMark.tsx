import { type ChangeMark as Mark, markText } from "../../machines/live/remote-change"
import { useNotifications } from "../notifications/notification-hooks"
import * as css from "./change-mark.css"

/**
 * Who changed a record while it was shown, and when: "Approved by Corey Coordinator just now". The clock is
 * the notifications actor's, so the words age without a timer here.
 */
export function ChangeMark({ mark }: { mark: Mark | undefined | null }) {
  const now = useNotifications((s) => s.context.now)
  if (!mark) return null
  return (
    <span className={css.changeMark} title={mark.at}>
      {markText(mark, now > 0 ? now : Date.parse(mark.at))}
    </span>
  )
}
