import { type FormEvent, useId, useState } from "react"
import { RecoveryCodesPanel } from "../accounts/RecoveryCodesPanel"
import * as sf from "../accounts/second-factor.css"
import { TotpKeyFields } from "../accounts/TotpKeyFields"
import * as ui from "../shared/ui.css"
import { useAuth, useAuthMatches, useAuthSend } from "../system/app-context"
import * as css from "./login.css"
import { BackToSignIn, StepError } from "./StepParts"

// The policy requires a factor the account lacks: a passkey (the browser's dialog, and the sign-in is done) or
// an authenticator app (its key, its first code, then its recovery codes, shown once).

type HeadingRef = React.RefObject<HTMLHeadingElement | null>

export function SetUpForm({ heading, showingCodes }: { heading: HeadingRef; showingCodes: boolean }) {
  const codes = useAuth((ctx) => ctx.setUp?.recoveryCodes ?? null)
  const send = useAuthSend()
  if (showingCodes && codes !== null)
    return (
      <section aria-labelledby="step-title">
        <h1 id="step-title" className={ui.pageTitle} ref={heading} tabIndex={-1}>
          Your recovery codes
        </h1>
        <RecoveryCodesPanel codes={codes} />
        <button type="button" className={ui.button.primary} onClick={() => send({ type: "auth.continue" })}>
          I have saved them, continue
        </button>
      </section>
    )
  return (
    <section aria-labelledby="step-title">
      <h1 id="step-title" className={ui.pageTitle} ref={heading} tabIndex={-1}>
        Set up two-step verification
      </h1>
      <p className={ui.muted}>
        Your account needs a second factor before you go on: add a passkey, or set up an authenticator app.
      </p>
      <StepError />
      <PasskeyChoice />
      <AppChoice />
      <div className={css.links}>
        <BackToSignIn />
      </div>
    </section>
  )
}

function PasskeyChoice() {
  const adding = useAuthMatches({ UNAUTHENTICATED: { settingUp: { enrolling: "addingPasskey" } } })
  const entering = useAuthMatches({ UNAUTHENTICATED: { settingUp: { enrolling: "entering" } } })
  const failed = useAuthMatches({ UNAUTHENTICATED: { settingUp: { enrolling: "failed" } } })
  const send = useAuthSend()
  const [name, setName] = useState("")
  const nameId = useId()
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    send({ type: "auth.setupPasskey", name: name.trim() })
  }
  return (
    <form onSubmit={onSubmit} aria-labelledby="setup-passkey-title" noValidate>
      <h2 id="setup-passkey-title" className={css.choiceTitle}>
        A passkey
      </h2>
      <p className={ui.muted}>This device or a security key signs you in, with its screen lock or PIN.</p>
      <label className={ui.field} htmlFor={nameId}>
        <span>Name for this passkey</span>
        <input
          id={nameId}
          className={ui.input}
          name="passkey-name"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button
        type="submit"
        className={ui.button.primary}
        disabled={!(entering || failed) || name.trim() === ""}
      >
        {adding ? "Waiting for your passkey…" : "Add a passkey and continue"}
      </button>
    </form>
  )
}

function AppChoice() {
  const enrolment = useAuth((ctx) => ctx.enrolment)
  const starting = useAuthMatches({ UNAUTHENTICATED: { settingUp: { enrolling: "starting" } } })
  const failed = useAuthMatches({ UNAUTHENTICATED: { settingUp: { enrolling: "failed" } } })
  const confirming = useAuthMatches({ UNAUTHENTICATED: { settingUp: { enrolling: "confirming" } } })
  const adding = useAuthMatches({ UNAUTHENTICATED: { settingUp: { enrolling: "addingPasskey" } } })
  const send = useAuthSend()
  const [code, setCode] = useState("")
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    send({ type: "auth.confirmSetup", code })
  }
  return (
    <form onSubmit={onSubmit} aria-labelledby="setup-app-title" noValidate>
      <h2 id="setup-app-title" className={css.choiceTitle}>
        An authenticator app
      </h2>
      <p className={ui.muted}>
        Scan this QR code with the app, or type the key, then enter the code it shows.
      </p>
      {starting ? (
        <div role="status" aria-live="polite" aria-busy="true" className={ui.centered}>
          <div className={ui.spinner} aria-hidden="true" />
          <span>Preparing your key…</span>
        </div>
      ) : null}
      {failed ? (
        <button type="button" className={ui.button.primary} onClick={() => send({ type: "auth.retrySetup" })}>
          Retry
        </button>
      ) : null}
      {enrolment ? (
        <div className={sf.setupApp}>
          <TotpKeyFields enrolment={enrolment} code={code} onCode={setCode} />
          <button
            type="submit"
            className={ui.button.primary}
            disabled={confirming || adding || code.trim() === ""}
          >
            {confirming ? "Checking…" : "Turn on"}
          </button>
        </div>
      ) : null}
    </form>
  )
}
