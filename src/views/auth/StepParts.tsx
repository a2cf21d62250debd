import * as ui from "../shared/ui.css"
import { useAuth, useAuthSend } from "../system/app-context"
import * as css from "./login.css"

// What every step of a sign-in after the password shows: why its last try failed, and the way back.

export function StepError() {
  const error = useAuth((ctx) => ctx.error)
  return error ? (
    <p className={ui.errorText} role="alert">
      {error}
    </p>
  ) : null
}

/** Abandons the step: its challenge is dropped, and the password form is back. */
export function BackToSignIn() {
  const send = useAuthSend()
  return (
    <button type="button" className={css.inlineButton} onClick={() => send({ type: "auth.cancelChallenge" })}>
      Back to sign in
    </button>
  )
}
