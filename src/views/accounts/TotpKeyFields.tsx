import { useId } from "react"
import * as ui from "../shared/ui.css"
import * as css from "./second-factor.css"

/**
 * An authenticator app being set up, at /user-settings or at a sign-in the policy holds back: its QR code, the
 * key to type instead, and the field for the first code it shows.
 */
export function TotpKeyFields({
  enrolment,
  code,
  onCode,
}: {
  enrolment: { readonly secret: string; readonly qr_svg: string }
  code: string
  onCode: (code: string) => void
}) {
  const codeId = useId()
  return (
    <>
      <img
        className={css.qr}
        alt="QR code for your authenticator app"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
      />
      <p>
        Key:{" "}
        <code className={css.secret} data-testid="totp-secret">
          {enrolment.secret}
        </code>
      </p>
      <label className={ui.field} htmlFor={codeId}>
        <span>Code from the app</span>
        <input
          id={codeId}
          className={ui.input}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => onCode(e.target.value)}
        />
      </label>
    </>
  )
}
