import { useSelector } from "@xstate/react"
import { type FormEvent, useEffect } from "react"
import { useLocation } from "wouter"
import { isDirty } from "../../machines/preferences/preferences.machine"
import { NOTIFICATION_TYPES } from "../../schema/notifications/notifications"
import { ConfirmDialog } from "../marketplace/ConfirmDialog"
import * as ui from "../shared/ui.css"
import * as css from "./settings.css"
import { type PushView, usePreferencesActor, usePushActor, usePushView } from "./settings-hooks"
import { TYPE_LABELS } from "./type-labels"
import { useLeaveGuard } from "./use-leave-guard"

/** /settings: which notification types reach this user on which channel, and the browser's permission. */
export default function SettingsPage() {
  const preferences = usePreferencesActor()
  // Every visit shows what the server holds now.
  useEffect(() => {
    preferences.send({ type: "preferences.load" })
  }, [preferences])

  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        Settings
      </h1>
      <BrowserPermission />
      <NotificationPreferences />
    </section>
  )
}

const PERMISSION_TEXT: Record<PushView["kind"], string> = {
  checking: "Checking this browser…",
  unsupported: "Push notifications are not available here.",
  default: "Not allowed yet: this browser has not been asked.",
  denied: "Blocked. Notifications are blocked. Enable in browser settings.",
  failed: "Allowed, but this browser could not be registered for push.",
  granted: "Allowed: this browser receives push notifications.",
}

function BrowserPermission() {
  const view = usePushView()
  const push = usePushActor()
  return (
    <div className={`${ui.card} ${css.section}`}>
      <h2 className={css.sectionTitle} id="permission-title">
        Browser notifications
      </h2>
      <div className={css.actions}>
        <p role="status" aria-labelledby="permission-title" style={{ margin: 0 }}>
          <span className={ui.muted}>Permission: </span>
          {PERMISSION_TEXT[view.kind]}
          {view.kind === "unsupported" && view.reason ? (
            <span className={ui.muted}> {view.reason}</span>
          ) : null}
        </p>
        {"canAsk" in view ? (
          <button
            type="button"
            className={ui.button.secondary}
            onClick={() => push.send({ type: "push.requestPermission" })}
          >
            {view.kind === "failed" ? "Try again" : "Ask for permission"}
          </button>
        ) : null}
      </div>
    </div>
  )
}

function NotificationPreferences() {
  const ref = usePreferencesActor()
  const state = useSelector(ref, (s) => String(s.value))
  const draft = useSelector(ref, (s) => s.context.draft)
  const loadError = useSelector(ref, (s) => s.context.loadError)
  const saveError = useSelector(ref, (s) => s.context.saveError)
  const justSaved = useSelector(ref, (s) => s.context.justSaved)
  const dirty = useSelector(ref, (s) => isDirty(s.context))
  const saving = state === "saving"
  const [, navigate] = useLocation()
  const guard = useLeaveGuard(dirty, (to) => {
    ref.send({ type: "preferences.discard" })
    navigate(to)
  })

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    ref.send({ type: "preferences.save" })
  }

  if (state === "idle" || state === "loading")
    return (
      <div className={ui.card} role="status" aria-live="polite">
        <div className={ui.spinner} aria-hidden="true" />
        <span>Loading...</span>
      </div>
    )
  if (state === "failed" || !draft)
    return (
      <div className={ui.card}>
        <p className={ui.errorText} role="alert">
          {loadError}
        </p>
        <button
          type="button"
          className={ui.button.secondary}
          onClick={() => ref.send({ type: "preferences.load" })}
        >
          Try again
        </button>
      </div>
    )

  const types = NOTIFICATION_TYPES.filter((t) => draft.types[t] !== undefined)
  return (
    <form className={ui.card} onSubmit={onSubmit} aria-labelledby="preferences-title" noValidate>
      <h2 className={css.sectionTitle} id="preferences-title">
        Notification preferences
      </h2>
      {saveError ? (
        <p className={ui.errorText} role="alert">
          {saveError}
        </p>
      ) : null}
      {justSaved ? (
        <p className={ui.successText} role="status">
          Preferences saved.
        </p>
      ) : null}
      {types.length === 0 ? (
        <p className={ui.muted}>There are no notification types to choose from.</p>
      ) : (
        <table className={css.table}>
          <caption className={ui.muted} style={{ textAlign: "left", marginBottom: 8 }}>
            Choose which notifications reach you in the app and as browser push.
          </caption>
          <thead>
            <tr>
              <th scope="col" className={css.cell}>
                Type
              </th>
              <th scope="col" className={css.switchCell}>
                In-app
              </th>
              <th scope="col" className={css.switchCell}>
                Push
              </th>
            </tr>
          </thead>
          <tbody>
            {types.map((type) => (
              <tr key={type}>
                <th scope="row" className={css.cell}>
                  {TYPE_LABELS[type]}
                </th>
                {(["in_app", "push"] as const).map((channel) => (
                  <td key={channel} className={css.switchCell}>
                    <input
                      type="checkbox"
                      className={css.checkbox}
                      aria-label={`${TYPE_LABELS[type]}: ${channel === "in_app" ? "in-app" : "push"}`}
                      checked={draft.types[type][channel]}
                      disabled={saving}
                      onChange={() =>
                        ref.send({ type: "preferences.toggle", notificationType: type, channel })
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={css.actions}>
        <button type="submit" className={ui.button.primary} disabled={saving || !dirty}>
          {saving ? "Saving…" : "Save preferences"}
        </button>
        <button
          type="button"
          className={ui.button.ghost}
          disabled={saving || !dirty}
          onClick={() => ref.send({ type: "preferences.discard" })}
        >
          Discard changes
        </button>
      </div>
      <ConfirmDialog
        open={guard.pending !== null}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        danger
        onCancel={guard.stay}
        onConfirm={guard.leave}
      >
        <p>Your changes to the notification preferences have not been saved.</p>
      </ConfirmDialog>
    </form>
  )
}
