import { useSelector } from "@xstate/react"
import { usePageActor } from "../marketplace/page-logic"
import * as ui from "../shared/ui.css"
import { PasswordChangeForm } from "./PasswordChangeForm"
import { SecondFactorSettings } from "./SecondFactorSettings"
import { SessionList } from "./SessionList"
import { SignInHistory } from "./SignInHistory"
import * as css from "./user-settings.css"

// /user-settings, for every signed-in user: your password, your second factors, your sessions and
// your recent sign-ins.

export default function UserSettingsPage() {
  const actor = usePageActor("userSettings", undefined)
  const factors = usePageActor("secondFactor", undefined)
  const overview = useSelector(actor, (s) => s?.context.overview ?? null)
  const loadError = useSelector(actor, (s) => s?.context.loadError ?? null)
  const failed = useSelector(actor, (s) => s?.matches({ overview: "failed" }) ?? false)
  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        User settings
      </h1>
      <div className={css.sections}>
        <PasswordChangeForm actor={actor} />
        <SecondFactorSettings actor={factors} />
        {failed && loadError ? (
          <div className={ui.card} role="alert">
            <p className={ui.errorText}>{loadError}</p>
            <button
              type="button"
              className={ui.button.primary}
              onClick={() => actor?.send({ type: "userSettings.reload" })}
            >
              Retry
            </button>
          </div>
        ) : null}
        {overview === null ? (
          failed ? null : (
            <div className={ui.card} role="status" aria-live="polite" aria-busy="true">
              <div className={ui.spinner} aria-hidden="true" />
              <span>Loading your sessions…</span>
            </div>
          )
        ) : (
          <>
            <SessionList actor={actor} sessions={overview.sessions} />
            <SignInHistory entries={overview.signIns} />
          </>
        )}
      </div>
    </section>
  )
}
