import * as ui from "./ui.css"

/** Shown while the session state loads. */
export function LoadingScreen() {
  return (
    <div className={ui.centered} role="status" aria-live="polite">
      <div className={ui.spinner} aria-hidden="true" />
      <span>Loading...</span>
    </div>
  )
}
