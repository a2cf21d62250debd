import { useSelector } from "@xstate/react"
import type { PageRefOf } from "../../machines/system/registry"
import { deviceLabel, type OwnSession } from "../../schema/accounts/user-settings"
import * as ui from "../shared/ui.css"
import * as css from "./user-settings.css"
import { whenText } from "./user-settings-words"

type Ref = PageRefOf<"userSettings"> | undefined

/** Your active sessions, this browser's first, each other one with "Sign out". */
export function SessionList({ actor, sessions }: { actor: Ref; sessions: readonly OwnSession[] }) {
  const ending = useSelector(actor, (s) => s?.context.ending ?? null)
  const endedText = useSelector(actor, (s) => s?.context.endedText ?? null)
  const endError = useSelector(actor, (s) => s?.context.endError ?? null)
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current))
  const others = sessions.filter((s) => !s.current).length
  return (
    <section className={ui.card} aria-labelledby="sessions-title">
      <h2 id="sessions-title" className={css.sectionTitle}>
        Your active sessions
      </h2>
      {endError ? (
        <p className={ui.errorText} role="alert">
          {endError}
        </p>
      ) : null}
      {endedText ? (
        <p className={ui.successText} role="status">
          {endedText}
        </p>
      ) : null}
      {ordered.length === 0 ? (
        <p className={ui.muted}>No active sessions.</p>
      ) : (
        <ul className={css.list} aria-label="Active sessions">
          {ordered.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={ending !== null}
              onSignOut={() => actor?.send({ type: "userSettings.signOut", id: session.id })}
            />
          ))}
        </ul>
      )}
      {others > 0 ? (
        <div className={css.actions}>
          <button
            type="button"
            className={ui.button.secondary}
            disabled={ending !== null}
            onClick={() => actor?.send({ type: "userSettings.signOutOthers" })}
          >
            {ending?.kind === "others" ? "Signing out…" : "Sign out all other sessions"}
          </button>
        </div>
      ) : null}
    </section>
  )
}

function SessionRow(props: { session: OwnSession; busy: boolean; onSignOut: () => void }) {
  const { session } = props
  const label = deviceLabel(session.browser, session.system)
  const address = session.address ?? "Address unknown"
  return (
    <li className={css.sessionRow}>
      <div className={css.sessionText}>
        <strong>
          {label}
          {session.current ? <span className={css.badge}>This browser</span> : null}
        </strong>
        <span className={ui.muted}>{address}</span>
        <span className={ui.muted}>
          Last used {whenText(session.last_used_at)} · signed in {whenText(session.signed_in_at)}
        </span>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className={ui.button.secondary}
          disabled={props.busy}
          aria-label={`Sign out ${label} at ${address}`}
          onClick={props.onSignOut}
        >
          Sign out
        </button>
      )}
    </li>
  )
}
