import { useSelector } from "@xstate/react"
import { type FormEvent, useEffect, useState } from "react"
import { Link, Redirect, useParams } from "wouter"
import { FULL_NAME_MAX } from "../../schema/auth/auth"
import { linkTo } from "../../schema/system/app-routes"
import * as css from "../auth/login.css"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { useAuth, useSystemActor } from "../system/app-context"
import { CLOSED_LINK } from "./invitation-words"
import { NewPasswordField } from "./NewPasswordField"

/** The public page an invitation link opens: a name and a password, then the person is signed in. */
export default function InvitePage() {
  const { token = "" } = useParams<{ token: string }>()
  const ref = useSystemActor("invitation")
  const state = useSelector(ref, (s) => String(s.value))
  const linkState = useSelector(ref, (s) => s.context.linkState)
  const error = useSelector(ref, (s) => s.context.error)
  const signedIn = useAuth((ctx) => ctx.status === "AUTHENTICATED")
  useEffect(() => ref.send({ type: "invitation.open", token }), [ref, token])

  if (state === "accepted" && signedIn) return <Redirect to={linkTo.dashboard} replace />
  if (state === "idle" || state === "checking" || state === "accepted") return <LoadingScreen />
  if (state === "unreachable")
    return (
      <main className={ui.centered} role="alert">
        <p>{error}</p>
        <button
          type="button"
          className={ui.button.primary}
          onClick={() => ref.send({ type: "invitation.open", token })}
        >
          Try again
        </button>
      </main>
    )
  if (state === "closed" && linkState && linkState !== "open") {
    const words = CLOSED_LINK[linkState]
    return (
      <main className={ui.centered}>
        <h1 className={ui.pageTitle}>{words.title}</h1>
        <p className={ui.muted}>{words.text}</p>
        <Link href={linkTo.login()}>Go to sign in</Link>
      </main>
    )
  }
  return <InviteForm />
}

function InviteForm() {
  const ref = useSystemActor("invitation")
  const email = useSelector(ref, (s) => s.context.email)
  const error = useSelector(ref, (s) => s.context.error)
  const busy = useSelector(ref, (s) => s.matches("accepting"))
  const [fullName, setFullName] = useState("")
  const [password, setPassword] = useState("")

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    ref.send({ type: "invitation.accept", fullName, password })
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
