import { useSelector } from "@xstate/react"
import { STAFF_CATEGORIES } from "../../schema/accounts/staff"
import { usePageActor } from "../marketplace/page-logic"
import { categoryLabel } from "../profile/category-label"
import * as ui from "../shared/ui.css"
import * as sf from "./second-factor.css"
import * as css from "./user-settings.css"

/** "Require a second factor", per category: an account of a ticked one sets one up at its next sign-in. */
export function SecondFactorPolicyPanel() {
  const actor = usePageActor("secondFactorPolicy", undefined)
  const required = useSelector(actor, (s) => s?.context.required ?? null)
  const error = useSelector(actor, (s) => s?.context.error ?? null)
  const saved = useSelector(actor, (s) => s?.context.saved ?? false)
  const failed = useSelector(actor, (s) => s?.matches("failed") ?? false)
  const saving = useSelector(actor, (s) => s?.matches("saving") ?? false)
  const toggle = (category: string, on: boolean) => {
    if (required === null) return
    const next = on ? [...required, category] : required.filter((c) => c !== category)
    actor?.send({ type: "policy.set", required: next })
  }
  return (
    <section className={ui.card} aria-labelledby="policy-title">
      <h2 id="policy-title" className={css.sectionTitle}>
        Require a second factor
      </h2>
      <p className={ui.muted}>
        Accounts of a ticked category must use an authenticator app or a passkey; one without is asked to set
        it up right after its password.
      </p>
      {error ? (
        <p className={ui.errorText} role="alert">
          {error}
        </p>
      ) : null}
      {failed ? (
        <button
          type="button"
          className={ui.button.primary}
          onClick={() => actor?.send({ type: "policy.reload" })}
        >
          Retry
        </button>
      ) : required === null ? (
        <div role="status" aria-busy="true" className={sf.actions}>
          <div className={ui.spinner} aria-hidden="true" />
          <span>Loading…</span>
        </div>
      ) : (
        <div className={sf.actions}>
          {STAFF_CATEGORIES.map((c) => (
            <label key={c} className={sf.check}>
              <input
                type="checkbox"
                checked={required.includes(c)}
                disabled={saving}
                onChange={(e) => toggle(c, e.target.checked)}
              />
              <span>{categoryLabel(c)}</span>
            </label>
          ))}
        </div>
      )}
      {saved && !error ? (
        <p className={ui.successText} role="status">
          Saved.
        </p>
      ) : null}
    </section>
  )
}
