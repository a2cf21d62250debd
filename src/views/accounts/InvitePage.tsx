import { useSelector } from "@xstate/react"
import { type FormEvent, useState } from "react"
import { Link, useParams } from "wouter"
import { FULL_NAME_MAX } from "../../schema/auth/auth"
import { linkTo } from "../../schema/system/app-routes"
import * as css from "../auth/login.css"
import * as ui from "../shared/ui.css"
import { useSystemActor } from "../system/app-context"
import { CLOSED_LINK } from "./invitation-words"
import { LinkGate } from "./LinkGate"
import { NewPasswordField } from "./NewPasswordField"

/** The public page an invitation link opens: a name and a password, then the person is signed in. */
export default function InvitePage() {
  const { token = "" } = useParams<{ token: string }>()
  return (
    <LinkGate
      link={useSystemActor("invitation")}
      token={token}
      closed={(linkState) => (
        <main className={ui.centered}>
          <h1 className={ui.pageTitle}>{CLOSED_LINK[linkState].title}</h1>
          <p className={ui.muted}>{CLOSED_LINK[linkState].text}</p>
          <Link href={linkTo.login()}>Go to sign in</Link>
        </main>
      )}
    >
      <InviteForm />
    </LinkGate>
  )
}

function InviteForm() {
  const ref = useSystemActor("invitation")
  const email = useSelector(ref, (s) => s.context.email)
  const error = useSelector(ref, (s) => s.context.error)
  const busy = useSelector(ref, (s) => s.matches("submitting"))
  const [fullName, setFullName] = useState("")
  const [password, setPassword] = useState("")

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    ref.send({ type: "link.submit", body: { full_name: fullName, password } })
  }

  return (
    <main className={css.screen}>
      <form
        className={`${ui.card} ${css.form}`}
        onSubmit={onSubmit}
        aria-labelledby="invite-title"
        noValidate
      >
        <h1 id="invite-title" className={ui.pageTitle}>
          Join the back office
        </h1>
        <p className={ui.muted}>
          You were invited as <strong>{email}</strong>. Choose your name and a password.
        </p>
        {error ? (
          <p className={ui.errorText} role="alert">
            {error}
          </p>
        ) : null}
        <label className={ui.field}>
          <span>Full name</span>
          <input
            className={ui.input}
            name="full_name"
            autoComplete="name"
            maxLength={FULL_NAME_MAX}
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
          />
        </label>
        <NewPasswordField label="Password" value={password} onChange={setPassword} />
        <button type="submit" className={ui.button.primary} disabled={busy || !fullName.trim() || !password}>
          {busy ? "Setting up…" : "Create my account"}
        </button>
      </form>
    </main>
  )
}
