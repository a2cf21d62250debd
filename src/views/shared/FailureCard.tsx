import type { ReactNode } from "react"
import * as ui from "./ui.css"

/**
 * A load that failed: what went wrong and, when asking again could help, a Retry; otherwise `instead` says
 * where to go (a record the server says does not exist will not appear by retrying).
 */
export function FailureCard({
  error,
  onRetry,
  instead,
}: {
  error: ReactNode
  onRetry?: (() => void) | undefined
  instead?: ReactNode
}) {
  return (
    <div role="alert" className={ui.card}>
      <p className={ui.errorText}>{error}</p>
      {onRetry ? (
        <button type="button" className={ui.button.primary} onClick={onRetry}>
          Retry
        </button>
      ) : (
        instead
      )}
    </div>
  )
}
