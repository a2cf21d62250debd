import type { ReactNode } from "react"
import * as ui from "./ui.css"

/** In place of a whole page whose code or data did not arrive: the reason, and a Retry. */
export function LoadFailedScreen({ error, onRetry }: { error: ReactNode; onRetry: () => void }) {
  return (
    <div className={ui.centered} role="alert">
      <p>{error}</p>
      <button type="button" className={ui.button.primary} onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
