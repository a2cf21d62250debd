import { useSelector } from "@xstate/react"
import { type FormEvent, useId, useState } from "react"
import type { PageRefOf } from "../../machines/system/registry"
import type { SecondFactorStatus } from "../../schema/accounts/second-factor"
import * as ui from "../shared/ui.css"
import { PasskeyList } from "./PasskeyList"
import { RecoveryCodesPanel } from "./RecoveryCodesPanel"
import * as sf from "./second-factor.css"
import { TotpKeyFields } from "./TotpKeyFields"
import * as css from "./user-settings.css"
import { whenText } from "./user-settings-words"

type Ref = PageRefOf<"secondFactor"> | undefined

/** Two-step verification at /user-settings: the authenticator app, recovery codes, passkeys, trusted browser. */
export function SecondFactorSettings({ actor }: { actor: Ref }) {
  const status = useSelector(actor, (s) => s?.context.status ?? null)
  const loadError = useSelector(actor, (s) => s?.context.loadError ?? null)
  const failed = useSelector(actor, (s) => s?.matches({ overview: "failed" }) ?? false)
  const error = useSelector(actor, (s) => s?.context.error ?? null)
  const done = useSelector(actor, (s) => s?.context.done ?? null)
  const codes = useSelector(actor, (s) => s?.context.codes ?? null)
  return (
    <section className={ui.card} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className={css.sectionTitle}>
        Two-step verification
      </h2>
      <p className={ui.muted}>
        After your password, a sign-in asks for a code from an authenticator app or a passkey. A passkey alone
        also signs you in.
      </p>
      {status?.required ? <p>Your account requires a second factor.</p> : null}
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
      {codes ? (
        <div className={css.sections}>
          <RecoveryCodesPanel codes={codes} />
          <div>
            <button
              type="button"
              className={ui.button.primary}
              onClick={() => actor?.send({ type: "secondFactor.dismiss" })}
            >
              I have saved them
            </button>
          </div>
        </div>
      ) : null}
      {failed && loadError ? (
        <div role="alert">
          <p className={ui.errorText}>{loadError}</p>
          <button
            type="button"
            className={ui.button.primary}
            onClick={() => actor?.send({ type: "secondFactor.reload" })}
          >
            Retry
          </button>
        </div>
      ) : null}
      {status === null ? (
        failed ? null : (
          <div role="status" aria-live="polite" aria-busy="true" className={sf.actions}>
            <div className={ui.spinner} aria-hidden="true" />
            <span>Loading your second factors…</span>
          </div>
        )
      ) : (
        <div className={css.sections}>
          <AuthenticatorApp actor={actor} status={status} />
          <PasskeyList actor={actor} passkeys={status.passkeys} />
          {status.trusted_browser_until ? (
            <div className={sf.row}>
              <span>This browser skips the second step until {whenText(status.trusted_browser_until)}.</span>
              <button
                type="button"
                className={ui.button.secondary}
                onClick={() => actor?.send({ type: "secondFactor.forgetBrowser" })}
              >
                Forget this browser
              </button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  )
}

function AuthenticatorApp({ actor, status }: { actor: Ref; status: SecondFactorStatus }) {
  const enrolment = useSelector(actor, (s) => s?.context.enrolment ?? null)
  const busy = useSelector(actor, (s) =>
    s ? !s.matches({ change: "idle" }) && !s.matches({ change: "enrolling" }) : true,
  )
  const [code, setCode] = useState("")
  const [password, setPassword] = useState("")
  const passwordId = useId()
  const confirm = (e: FormEvent) => {
    e.preventDefault()
    actor?.send({ type: "secondFactor.confirmTotp", code })
    setCode("")
  }
  const withPassword = (type: "secondFactor.removeTotp" | "secondFactor.regenerateCodes") => {
    actor?.send({ type, password })
    setPassword("")
  }
  return (
    <section aria-labelledby="totp-title">
      <h3 id="totp-title" className={css.sectionTitle}>
        Authenticator app
      </h3>
      {status.totp.enabled ? (
        <>
          <p>
            On{status.totp.added_at ? ` since ${whenText(status.totp.added_at)}` : ""}. Recovery codes left:{" "}
            {status.recovery_codes_left}.
          </p>
          <div className={css.form}>
            <label className={ui.field} htmlFor={passwordId}>
              <span>Your password, to change these</span>
              <input
                id={passwordId}
                className={ui.input}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <div className={sf.actions}>
              <button
                type="button"
                className={ui.button.secondary}
                disabled={busy || !password}
                onClick={() => withPassword("secondFactor.regenerateCodes")}
              >
                New recovery codes
              </button>
              <button
                type="button"
                className={ui.button.danger}
                disabled={busy || !password}
                onClick={() => withPassword("secondFactor.removeTotp")}
              >
                Remove authenticator app
              </button>
            </div>
          </div>
        </>
      ) : enrolment ? (
        <form className={css.form} onSubmit={confirm} noValidate>
          <p>
            Scan this QR code with your authenticator app, or type the key into it. Then enter the code it
            shows.
          </p>
          <TotpKeyFields enrolment={enrolment} code={code} onCode={setCode} />
          <div className={sf.actions}>
            <button type="submit" className={ui.button.primary} disabled={busy || code.trim() === ""}>
              Turn on
            </button>
            <button
              type="button"
              className={ui.button.ghost}
              onClick={() => actor?.send({ type: "secondFactor.cancelTotp" })}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div>
          <p className={ui.muted}>Not set up.</p>
          <button
            type="button"
            className={ui.button.primary}
            disabled={busy}
            onClick={() => actor?.send({ type: "secondFactor.startTotp" })}
          >
            Set up an authenticator app
          </button>
        </div>
      )}
    </section>
  )
}
