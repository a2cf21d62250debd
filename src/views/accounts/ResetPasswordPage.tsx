import { useSelector } from "@xstate/react"
import { type FormEvent, useState } from "react"
import { Link, useParams } from "wouter"
import { linkTo } from "../../schema/system/app-routes"
import * as css from "../auth/login.css"
import * as ui from "../shared/ui.css"
import { useSystemActor } from "../system/app-context"
import { LinkGate } from "./LinkGate"
import { NewPasswordField } from "./NewPasswordField"
import { CLOSED_RESET_LINK } from "./reset-words"

/** The public page a password-reset link opens: a new password, then the person is signed in. */
export default function ResetPasswordPage() {
  const { token = "" } = useParams<{ token: string }>()
  return (
    <LinkGate
      link={useSystemActor("passwordReset")}
      token={token}
      closed={(linkState) => (
        <main className={css.screen}>
          <section className={`${ui.card} ${css.form}`} aria-labelledby="reset-closed-title">
            <h1 id="reset-closed-title" className={ui.pageTitle}>
              {CLOSED_RESET_LINK[linkState].title}
            </h1>
            <p className={ui.muted}>{CLOSED_RESET_LINK[linkState].text}</p>
            <div className={css.links}>
              <Link href={linkTo.forgotPassword}>Ask for a new link</Link>
              <Link href={linkTo.login()}>Go to sign in</Link>
            </div>
          </section>
        </main>
      )}
    >
      <ResetForm />
    </LinkGate>
  )
}

function ResetForm() {
  const ref = useSystemActor("passwordReset")
  const email = useSelector(ref, (s) => s.context.email)
  const error = useSelector(ref, (s) => s.context.error)
  const busy = useSelector(ref, (s) => s.matches("submitting"))
  const [password, setPassword] = useState("")

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    ref.send({ type: "link.submit", body: { password } })
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
