import { useSelector } from "@xstate/react"
import { type FormEvent, useEffect, useRef, useState } from "react"
import { Link } from "wouter"
import { linkTo } from "../../schema/system/app-routes"
import * as css from "../auth/login.css"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { useSystemActor } from "../system/app-context"

/** "Forgot password?": an email, then a link by mail; without mail on the server, who to ask instead. */
export default function ForgotPasswordPage() {
  const ref = useSystemActor("forgotPassword")
  const notice = useSystemActor("signInNotice")
  const state = useSelector(ref, (s) => String(s.value))
  // Not known while the notice loads; when it could not be asked, the form shows and the request's answer says.
  const mail = useSelector(notice, (s) =>
    s.matches("idle") || s.matches("loading") ? undefined : s.context.mail,
  )
  useEffect(() => ref.send({ type: "forgotPassword.open" }), [ref])
  useEffect(() => notice.send({ type: "signInNotice.load" }), [notice])

  if (mail === undefined) return <LoadingScreen />
  return (
    <main className={css.screen}>
      <section className={`${ui.card} ${css.form}`} aria-labelledby="forgot-title">
        <h1 id="forgot-title" className={ui.pageTitle}>
          Forgot your password?
        </h1>
        {mail === false ? <MailOff /> : state === "sent" ? <Sent /> : <EmailForm />}
        <div className={css.links}>
          <Link href={linkTo.login()}>Back to sign in</Link>
        </div>
      </section>
    </main>
  )
}

function MailOff() {
  return (
    <p className={ui.muted}>
      This server does not send email. Ask an admin for a password-reset link: it lets you choose a new
      password.
    </p>
  )
}

function Sent() {
  const ref = useSystemActor("forgotPassword")
  const sent = useSelector(ref, (s) => s.context.sent)
  const email = useSelector(ref, (s) => s.context.email)
  return (
    <>
      <p role="status">{sent}</p>
      <p className={ui.muted}>
        Sent to <strong className={css.email}>{email}</strong>. Nothing after a few minutes? Check the spam
        folder, or{" "}
        <button
          type="button"
          className={css.inlineButton}
          onClick={() => ref.send({ type: "forgotPassword.again" })}
        >
          send it again
        </button>
        .
      </p>
    </>
  )
}

function EmailForm() {
  const ref = useSystemActor("forgotPassword")
  const error = useSelector(ref, (s) => s.context.error)
  const remembered = useSelector(ref, (s) => s.context.email)
  const busy = useSelector(ref, (s) => s.matches("sending"))
  const [email, setEmail] = useState(remembered)
  const emailRef = useRef<HTMLInputElement>(null)
  useEffect(() => emailRef.current?.focus(), [])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    ref.send({ type: "forgotPassword.submit", email })
  }
  return (
    <form onSubmit={onSubmit} aria-labelledby="forgot-title" noValidate>
      <p className={ui.muted}>Enter your account's email: we will send a link to choose a new password.</p>
      {error ? (
        <p className={ui.errorText} role="alert">
          {error}
        </p>
      ) : null}
      <label className={ui.field}>
        <span>Email</span>
        <input
          ref={emailRef}
          className={ui.input}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <button type="submit" className={`${ui.button.primary} ${css.wide}`} disabled={busy || !email.trim()}>
        {busy ? "Sending…" : "Send reset link"}
      </button>
    </form>
  )
}
