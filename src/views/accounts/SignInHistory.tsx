import { deviceLabel, SIGN_IN_HISTORY_SIZE, type SignInEntry } from "../../schema/accounts/user-settings"
import * as ui from "../shared/ui.css"
import * as css from "./user-settings.css"
import { OUTCOME_WORDS, whenText } from "./user-settings-words"

/** Your last sign-ins and refused attempts with your email, newest first. */
export function SignInHistory({ entries }: { entries: readonly SignInEntry[] }) {
  return (
    <section className={ui.card} aria-labelledby="sign-ins-title">
      <h2 id="sign-ins-title" className={css.sectionTitle}>
        Recent sign-ins
      </h2>
      <p className={ui.muted}>
        Your last {SIGN_IN_HISTORY_SIZE} sign-ins and failed attempts. One you do not recognise? Change your
        password.
      </p>
      {entries.length === 0 ? (
        <p className={ui.muted}>No sign-ins yet.</p>
      ) : (
        <table className={css.table} aria-label="Recent sign-ins">
          <thead>
            <tr>
              <th scope="col" className={css.cell}>
                Time
              </th>
              <th scope="col" className={css.cell}>
                Browser, system and address
              </th>
              <th scope="col" className={css.cell}>
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={css.cell}>{whenText(entry.at)}</td>
                <td className={css.cell}>
                  {deviceLabel(entry.browser, entry.system)}
                  <br />
                  <span className={ui.muted}>{entry.address}</span>
                </td>
                <td className={entry.outcome === "succeeded" ? css.cell : `${css.cell} ${css.failed}`}>
                  {OUTCOME_WORDS[entry.outcome]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
