import { type FormEvent, useEffect, useRef, useState } from "react"
import { Link, Redirect, useSearch } from "wouter"
import { safeAppPath } from "../../machines/system/safe-app-path"
import { ROUTES } from "../../schema/system/app-routes"
import { DemoNotice } from "../accounts/DemoNotice"
import { lazyPage } from "../shared/lazy-page"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { useAuth, useAuthMatches, useAuthSend } from "../system/app-context"
import * as css from "./login.css"

// The second step is its own chunk: most sign-ins never need it, and the first paint must stay small.
const SignInStep = lazyPage(() => import("./SignInStep"))

/** Where to go after sign-in: the remembered origin when it is a path of this app. */
export function afterLoginPath(search: string): string {
  const next = safeAppPath(new URLSearchParams(search).get("next"))
  return next && next !== ROUTES.login ? next : ROUTES.dashboard
}

export function LoginPage() {
  const status = useAuth((ctx) => ctx.status)
  const error = useAuth((ctx) => ctx.error)
  const send = useAuthSend()
  const stepping = useAuth((ctx) => ctx.challenge !== null || ctx.setUp !== null)
  const waitingForPasskey = useAuthMatches({ UNAUTHENTICATED: "passkey" })
  const search = useSearch()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [submitting, setSubmitting] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  const showingForm = status !== "AUTHENTICATED" && !(status === "LOADING" && !submitting)
  // The page is there to sign in: the first field takes the focus.
  useEffect(() => {
    if (showingForm && document.activeElement === document.body) emailRef.current?.focus()
  }, [showingForm])

  if (status === "AUTHENTICATED") return <Redirect to={afterLoginPath(search)} replace />
  if (status === "LOADING" && !submitting) return <LoadingScreen />
  if (stepping) return <SignInStep />

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitting(true)
    send({ type: "auth.login", email, password })
  }
  const busy = submitting && status === "LOADING"

  return (
    <main className={css.screen}>
      <form className={`${ui.card} ${css.form}`} onSubmit={onSubmit} aria-labelledby="login-title" noValidate>
        <h1 id="login-title" className={ui.pageTitle}>
          Sign in
        </h1>
        <p className={ui.muted}>Marketplace back office for coordinators and admins.</p>
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
            autoComplete="username webauthn"
            // Where the browser offers passkeys among the field's suggestions, they are asked for from here.
            onFocus={() => send({ type: "auth.passkeyAutofill" })}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className={ui.field}>
          <span>Password</span>
          <input
            className={ui.input}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button type="submit" className={ui.button.primary} disabled={busy || !email || !password}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
        <button
          type="button"
          className={`${ui.button.secondary} ${css.passkeyButton}`}
          disabled={busy || waitingForPasskey}
          onClick={() => send({ type: "auth.passkeySignIn" })}
        >
          {waitingForPasskey ? "Waiting for your passkey…" : "Sign in with a passkey"}
        </button>
        <div className={css.links}>
          <Link href={ROUTES.forgotPassword}>Forgot password?</Link>
        </div>
        {/* Last: its answer comes after the form has shown, and above the fields it moved them as someone
            clicked. */}
        <DemoNotice />
      </form>
    </main>
  )
}
