import type { StaffMember } from "../../schema/accounts/staff"
import * as table from "../marketplace/card-table.css"
import { formatWhen } from "../marketplace/format"
import { categoryLabel } from "../profile/category-label"
import * as ui from "../shared/ui.css"
import { StatusBadge } from "./StatusBadge"
import * as css from "./staff.css"
import { STAFF_WORDS } from "./staff-words"

/** What a row's buttons ask for; the page opens the dialog that confirms or completes it. */
export type RowRequest =
  | "resend"
  | "revoke"
  | "category"
  | "deactivate"
  | "reactivate"
  | "reset"
  | "secondFactor"
  | "history"

export const displayName = (m: StaffMember): string => m.full_name || m.email

export function StaffTable({
  members,
  me,
  busy,
  onRequest,
}: {
  members: readonly StaffMember[]
  /** The signed-in admin's email: their own row cannot be deactivated. */
  me: string | null
  busy: boolean
  onRequest: (member: StaffMember, kind: RowRequest) => void
}) {
  return (
    <table className={table.table} aria-label="Staff accounts">
      <thead>
        <tr>
          <th scope="col" className={table.cell}>
            Name
          </th>
          <th scope="col" className={table.cell}>
            Email
          </th>
          <th scope="col" className={table.cell}>
            Category
          </th>
          <th scope="col" className={table.cell}>
            Status
          </th>
          <th scope="col" className={table.cell}>
            Last sign-in
          </th>
          <th scope="col" className={table.cell}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <StaffRow key={m.id} member={m} self={m.email === me} busy={busy} onRequest={onRequest} />
        ))}
      </tbody>
    </table>
  )
}

function StaffRow({
  member: m,
  self,
  busy,
  onRequest,
}: {
  member: StaffMember
  self: boolean
  busy: boolean
  onRequest: (member: StaffMember, kind: RowRequest) => void
}) {
  const who = displayName(m)
  const button = (kind: RowRequest, label: string) => (
    <button
      type="button"
      className={`${ui.button.secondary} ${css.smallButton}`}
      disabled={busy}
      aria-label={`${label}: ${who}`}
      onClick={() => onRequest(m, kind)}
    >
      {label}
    </button>
  )
  return (
    <tr>
      <td className={`${table.cell} ${table.lead}`}>
        {m.full_name || <span className={ui.muted}>{STAFF_WORDS.noName}</span>}
        {self ? <span className={css.you}> ({STAFF_WORDS.you})</span> : null}
      </td>
      <td className={table.cell} data-label="Email">
        <EmailText email={m.email} />
      </td>
      <td className={table.cell} data-label="Category">
        {categoryLabel(m.user_category)}
      </td>
      <td className={table.cell} data-label="Status">
        <span className={css.badge}>
          <StatusBadge status={m.status} />
        </span>
      </td>
      <td className={table.cell} data-label="Last sign-in">
        {m.last_sign_in_at ? formatWhen(m.last_sign_in_at) : STAFF_WORDS.neverSignedIn}
      </td>
      <td className={table.cell} data-label="Actions">
        <div className={css.rowActions}>
          {m.status === "invited" ? (
            <>
              {button("resend", "Resend invitation")}
              {button("revoke", "Withdraw")}
            </>
          ) : null}
          {m.status === "active" ? (
            <>
              {button("category", "Change category")}
              {button("reset", "Reset link")}
              {self ? null : button("secondFactor", "Reset second factor")}
              {self ? null : button("deactivate", "Deactivate")}
            </>
          ) : null}
          {m.status === "deactivated" ? button("reactivate", "Reactivate") : null}
          {button("history", "History")}
        </div>
      </td>
    </tr>
  )
}

/** An address that may break after its "@" when the column is narrow, and nowhere else. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf("@")
  if (at < 0) return <>{email}</>
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  )
}
