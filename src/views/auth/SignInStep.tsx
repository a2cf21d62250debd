import { type FormEvent, useEffect, useId, useRef, useState } from "react"
import * as sf from "../accounts/second-factor.css"
import * as ui from "../shared/ui.css"
import { useAuth, useAuthMatches, useAuthSend } from "../system/app-context"
import * as css from "./login.css"
import { SetUpForm } from "./SetUpForm"
import { BackToSignIn, StepError } from "./StepParts"

// The sign-in's second step, loaded only when a right password asks for one: a code from the app, a recovery
// code or a passkey; or, when the policy requires a factor the account lacks, setting one up (./SetUpForm.tsx).

export default function SignInStep() {
  const kind = useAuth((ctx) => ctx.challenge?.kind ?? null)
  const showingCodes = useAuthMatches({ UNAUTHENTICATED: { settingUp: "showingCodes" } })
  const heading = useRef<HTMLHeadingElement>(null)
  // A new step: its heading takes the focus, so a screen reader hears where the sign-in went.
  const step = showingCodes ? "codes" : kind
  useEffect(() => {
    if (step !== null) heading.current?.focus()
  }, [step])
  return (
    <main className={css.screen}>
      <div className={`${ui.card} ${css.form}`}>
        {kind === "second_factor" ? (
          <SecondFactorForm heading={heading} />
        ) : (
          <SetUpForm heading={heading} showingCodes={showingCodes} />
        )}
      </div>
    </main>
  )
}

type HeadingRef = React.RefObject<HTMLHeadingElement | null>

function SecondFactorForm({ heading }: { heading: HeadingRef }) {
  const methods = useAuth((ctx) => (ctx.challenge?.kind === "second_factor" ? ctx.challenge.methods : []))
  const verifyingCode = useAuthMatches({ UNAUTHENTICATED: { secondFactor: "verifyingCode" } })
  const verifyingPasskey = useAuthMatches({ UNAUTHENTICATED: { secondFactor: "verifyingPasskey" } })
  const send = useAuthSend()
  const [method, setMethod] = useState<"totp" | "recovery">(methods.includes("totp") ? "totp" : "recovery")
  const [code, setCode] = useState("")
  const [trust, setTrust] = useState(false)
  const codeId = useId()
  const busy = verifyingCode || verifyingPasskey
  const typed = methods.includes(method)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    send({ type: "auth.submitFactor", method, code, trustBrowser: trust })
  }
  return (
    <form onSubmit={onSubmit} aria-labelledby="step-title" noValidate>
      <h1 id="step-title" className={ui.pageTitle} ref={heading} tabIndex={-1}>
        Two-step verification
      </h1>
      <StepError />
      {typed ? (
        <>
          <p className={ui.muted}>
            {method === "totp"
              ? "Enter the 6-digit code from your authenticator app."
              : "Enter one of your recovery codes. Each code works once."}
          </p>
          <label className={ui.field} htmlFor={codeId}>
            <span>{method === "totp" ? "Authentication code" : "Recovery code"}</span>
            <input
              id={codeId}
              className={ui.input}
              name="code"
              inputMode={method === "totp" ? "numeric" : "text"}
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
        </>
      ) : null}
      <label className={sf.check}>
        <input type="checkbox" checked={trust} onChange={(e) => setTrust(e.target.checked)} />
        <span>Trust this browser for 30 days</span>
      </label>
      <div className={sf.actions}>
        {typed ? (
          <button type="submit" className={ui.button.primary} disabled={busy || code.trim() === ""}>
            {verifyingCode ? "Checking…" : "Verify"}
          </button>
        ) : null}
        {methods.includes("passkey") ? (
          <button
            type="button"
            className={typed ? ui.button.secondary : ui.button.primary}
            disabled={busy}
            onClick={() => send({ type: "auth.usePasskeyFactor", trustBrowser: trust })}
          >
            {verifyingPasskey ? "Waiting for your passkey…" : "Use a passkey"}
          </button>
        ) : null}
      </div>
      <div className={css.links}>
        {methods.includes("totp") && methods.includes("recovery") ? (
          <button
            type="button"
            className={css.inlineButton}
            onClick={() => {
              setMethod(method === "totp" ? "recovery" : "totp")
              setCode("")
            }}
          >
            {method === "totp" ? "Use a recovery code" : "Use your authenticator app"}
          </button>
        ) : null}
        <BackToSignIn />
      </div>
    </form>
  )
}
