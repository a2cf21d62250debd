import { useReconnectNow, useSocketHealth } from "../notifications/notification-hooks"
import { clockTime } from "./clock-time"
import * as css from "./connection.css"

/**
 * The live connection in the top bar: nothing while it is live or connecting for the first time, 'Reconnecting…'
 * while it tries after a loss, and 'Offline since …' with 'Reconnect now' once the quick attempts are spent. A
 * polite live region announces each change to screen readers; the silence while live is announced as
 * 'Connection live'.
 */
export function ConnectionIndicator() {
  const health = useSocketHealth()
  const reconnect = useReconnectNow()
  const offline = health.kind === "offline"
  const text =
    health.kind === "reconnecting"
      ? "Reconnecting…"
      : offline
        ? health.since === null
          ? "Offline"
          : `Offline since ${clockTime(health.since)}`
        : ""
  return (
    <div className={css.indicator} data-connection={health.kind}>
      <span role="status" className={text ? css.text : "visually-hidden"}>
        {text ? (
          <>
            <span className={offline ? css.offlineDot : css.dot} aria-hidden="true" />
            {text}
          </>
        ) : health.kind === "live" ? (
          "Connection live"
        ) : null}
      </span>
      {offline ? (
        <button type="button" className={css.reconnect} onClick={reconnect}>
          Reconnect now
        </button>
      ) : null}
    </div>
  )
}
