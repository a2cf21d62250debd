import { useSelector } from "@xstate/react"
import { type FormEvent, useEffect, useState } from "react"
import { Link, Redirect, useParams } from "wouter"
import { linkTo } from "../../schema/system/app-routes"
import * as css from "../auth/login.css"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { useAuth, useSystemActor } from "../system/app-context"
import { NewPasswordField } from "./NewPasswordField"
import { CLOSED_RESET_LINK } from "./reset-words"

/** The public page a password-reset link opens: a new password, then the person is signed in. */
export default function ResetPasswordPage() {
  const { token = "" } = useParams<{ token: string }>()
  const ref = useSystemActor("passwordReset")
  const state = useSelector(ref, (s) => String(s.value))
  const linkState = useSelector(ref, (s) => s.context.linkState)
  const error = useSelector(ref, (s) => s.context.error)
  const signedIn = useAuth((ctx) => ctx.status === "AUTHENTICATED")
  useEffect(() => ref.send({ type: "passwordReset.open", token }), [ref, token])

  if (state === "done" && signedIn) return <Redirect to={linkTo.dashboard} replace />
  if (state === "idle" || state === "checking" || state === "done") return <LoadingScreen />
  if (state === "unreachable")
    return (
      <main className={ui.centered} role="alert">
        <p>{error}</p>
        <button
          type="button"
          className={ui.button.primary}
          onClick={() => ref.send({ type: "passwordReset.open", token })}
        >
          Try again
        </button>
      </main>
    )
  if (state === "closed" && linkState && linkState !== "open") {
    const words = CLOSED_RESET_LINK[linkState]
    return (
      <main className={css.screen}>
        <section className={`${ui.card} ${css.form}`} aria-labelledby="reset-closed-title">
          <h1 id="reset-closed-title" className={ui.pageTitle}>
            {words.title}
          </h1>
          <p className={ui.muted}>{words.text}</p>
          <div className={css.links}>
            <Link href={linkTo.forgotPassword}>Ask for a new link</Link>
            <Link href={linkTo.login()}>Go to sign in</Link>
          </div>
        </section>
      </main>
    )
  }
  return <ResetForm />
}

function ResetForm() {
  const ref = useSystemActor("passwordReset")
  const email = useSelector(ref, (s) => s.context.email)
  const error = useSelector(ref, (s) => s.context.error)
  const busy = useSelector(ref, (s) => s.matches("resetting"))
  const [password, setPassword] = useState("")

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    ref.send({ type: "passwordReset.submit", password })
  }

  return (
    <main className={css.screen}>
      <form className={`${ui.card} ${css.form}`} onSubmit={onSubmit} aria-labelledby="reset-title" noValidate>
        <h1 id="reset-title" className={ui.pageTitle}>
          Choose a new password
        </h1>
        <p className={ui.muted}>
          For <strong className={css.email}>{email}</strong>. Saving it signs this account out everywhere
          else.
        </p>
        {error ? (
          <p className={ui.errorText} role="alert">
            {error}
          </p>
        ) : null}
        <NewPasswordField label="New password" value={password} onChange={setPassword} />
        <button type="submit" className={ui.button.primary} disabled={busy || !password}>
          {busy ? "Saving…" : "Save and sign in"}
        </button>
      </form>
    </main>
  )
}
