import { useSelector } from "@xstate/react"
import { type FormEvent, useEffect, useId, useState } from "react"
import type { PageRefOf } from "../../machines/system/registry"
import { PASSWORD_MIN_LENGTH, passwordStrength } from "../../schema/accounts/password-rules"
import * as ui from "../shared/ui.css"
import { STRENGTH_WORDS } from "./invitation-words"
import * as css from "./user-settings.css"

/** Change your password: the current one, then the new one with its strength; your other sessions end. */
export function PasswordChangeForm({ actor }: { actor: PageRefOf<"userSettings"> | undefined }) {
  const busy = useSelector(actor, (s) => s?.matches({ password: "changing" }) ?? false)
  const done = useSelector(actor, (s) => s?.context.passwordDone ?? null)
  const error = useSelector(actor, (s) => s?.context.passwordError ?? null)
  const [current, setCurrent] = useState("")
  const [next, setNext] = useState("")
  const hintId = useId()
  const strength = passwordStrength(next)
  // Once changed, the form starts over: the passwords typed are not kept on screen.
  useEffect(() => {
    if (done === null) return
    setCurrent("")
    setNext("")
  }, [done])

  const edited = (set: (value: string) => void) => (value: string) => {
    set(value)
    if (done !== null || error !== null) actor?.send({ type: "userSettings.dismiss" })
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    actor?.send({ type: "userSettings.changePassword", currentPassword: current, newPassword: next })
  }

  return (
    <section className={ui.card} aria-labelledby="password-title">
      <h2 id="password-title" className={css.sectionTitle}>
        Change your password
      </h2>
      <p className={ui.muted}>Your other sessions are signed out; this browser stays signed in.</p>
      <form className={css.form} onSubmit={onSubmit} noValidate>
        {error ? (
          <p className={ui.errorText} role="alert">
            {error}
          </p>
        ) : null}
        {done ? (
          <p className={ui.successText} role="status">
            {done}
          </p>
        ) : null}
        <label className={ui.field}>
          <span>Current password</span>
          <input
            className={ui.input}
            type="password"
            name="current_password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => edited(setCurrent)(e.target.value)}
          />
        </label>
        <div className={ui.field}>
          <label className={ui.field}>
            <span>New password</span>
            <input
              className={ui.input}
              type="password"
              name="new_password"
              autoComplete="new-password"
              aria-describedby={hintId}
              value={next}
              onChange={(e) => edited(setNext)(e.target.value)}
            />
          </label>
          <span id={hintId} className={ui.count}>
            At least {PASSWORD_MIN_LENGTH} characters; a few unrelated words work well. Strength:{" "}
            {STRENGTH_WORDS[strength]}
          </span>
          <meter min={0} max={4} value={strength} aria-label="New password strength" />
        </div>
        <div>
          <button type="submit" className={ui.button.primary} disabled={busy || !current || !next}>
            {busy ? "Changing…" : "Change password"}
          </button>
        </div>
      </form>
    </section>
  )
}
