import { clockTime } from "../shell/clock-time"
import * as css from "./bell.css"
import { useSocketHealth } from "./notification-hooks"

export function ConnectionHealth() {
  const health = useSocketHealth()
  const text =
    health.kind === "live"
      ? "Live"
      : health.kind === "connecting"
        ? "Connecting…"
        : health.kind === "reconnecting"
          ? "Reconnecting…"
          : health.kind === "offline"
            ? health.since === null
              ? "Offline"
              : `Offline since ${clockTime(health.since)}`
            : ""
  return (
    <span className={css.health} role="status" aria-label={`Connection: ${text || "not connected"}`}>
      {text}
    </span>
  )
}
