import { useId } from "react"
import { PASSWORD_MIN_LENGTH, passwordStrength } from "../../schema/accounts/password-rules"
import * as ui from "../shared/ui.css"
import { STRENGTH_WORDS } from "./invitation-words"

/** A new password with its rule and a strength meter: the invitation and password-reset pages share it. */
export function NewPasswordField(props: {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
}) {
  const meterId = useId()
  const strength = passwordStrength(props.value)
  return (
    <div className={ui.field}>
      <label className={ui.field}>
        <span>{props.label}</span>
        <input
          className={ui.input}
          type="password"
          name="password"
          autoComplete="new-password"
          aria-describedby={meterId}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </label>
      <span id={meterId} className={ui.count}>
        At least {PASSWORD_MIN_LENGTH} characters; a few unrelated words work well. Strength:{" "}
        {STRENGTH_WORDS[strength]}
      </span>
      <meter min={0} max={4} value={strength} aria-label="Password strength" />
    </div>
  )
}
