import { type FormEvent, useEffect, useId, useState } from "react"
import { FULL_NAME_MAX, type User } from "../../schema/auth/auth"
import { CharacterCount } from "../shared/CharacterCount"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import * as menu from "../shell/menu.css"
import { useAuth, useProfile, useProfileSend } from "../system/app-context"
import { categoryLabel } from "./category-label"
import { fieldErrorText } from "./field-error-text"

/** The form's labels by the field ids the server's errors name. */
const LABELS = { full_name: "Full name", email: "Email address" }

export default function ProfilePage() {
  const user = useAuth((ctx) => ctx.user)
  const send = useProfileSend()
  // A new visit starts without the previous visit's result.
  useEffect(() => () => send({ type: "profile.reset" }), [send])
  // After a reload the page can show before the profile has arrived: the form starts from the profile, so it
  // waits for it (a form started empty would send an empty email with the first save).
  if (!user) return <LoadingScreen />
  return <ProfileForm key={user.id} user={user} />
}

function ProfileForm({ user }: { user: User }) {
  const state = useProfile((_, s) => s)
  const error = useProfile((ctx) => ctx.error)
  const send = useProfileSend()
  const [fullName, setFullName] = useState(user.full_name)
  const [email, setEmail] = useState(user.email)
  const nameCountId = useId()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const patch: { full_name?: string; email?: string } = {}
    if (fullName !== user.full_name) patch.full_name = fullName
    if (email !== user.email) patch.email = email
    send({ type: "profile.save", patch })
  }

  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        Profile
      </h1>
      <div className={ui.card}>
        <p style={{ display: "flex", gap: 12, alignItems: "center" }}>
          <span className={menu.avatar} aria-hidden="true">
            {user.initials}
          </span>
          <span>
            <strong>{user.full_name}</strong>
            <br />
            <span className={ui.muted}>Role: {categoryLabel(user.user_category)}</span>
          </span>
        </p>
        <form onSubmit={onSubmit} noValidate>
          {state === "failed" && error ? (
            <p className={ui.errorText} role="alert">
              {fieldErrorText(error, LABELS)}
            </p>
          ) : null}
          {state === "saved" ? (
            <p className={ui.successText} role="status">
              Profile saved.
            </p>
          ) : null}
          <label className={ui.field}>
            <span>{LABELS.full_name}</span>
            <input
              className={ui.input}
              value={fullName}
              maxLength={FULL_NAME_MAX}
              aria-describedby={nameCountId}
              onChange={(e) => setFullName(e.target.value)}
            />
            <CharacterCount id={nameCountId} length={fullName.length} max={FULL_NAME_MAX} />
          </label>
          <label className={ui.field}>
            <span>{LABELS.email}</span>
            <input
              className={ui.input}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <button type="submit" className={ui.button.primary} disabled={state === "saving"}>
            {state === "saving" ? "Saving…" : "Save"}
          </button>
        </form>
      </div>
    </section>
  )
}
