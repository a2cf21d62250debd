import { type FormEvent, useState } from "react"
import type { StaffHistoryView } from "../../machines/accounts/staff.machine"
import { STAFF_CATEGORIES, type StaffCategory, type StaffMember } from "../../schema/accounts/staff"
import { formatWhen } from "../marketplace/format"
import { categoryLabel } from "../profile/category-label"
import { DialogFrame } from "../shared/DialogFrame"
import * as ui from "../shared/ui.css"
import * as css from "./staff.css"
import { STAFF_WORDS } from "./staff-words"

const isCategory = (value: string): value is StaffCategory => STAFF_CATEGORIES.some((c) => c === value)

function CategorySelect({ value, onChange }: { value: StaffCategory; onChange: (c: StaffCategory) => void }) {
  return (
    <label className={css.dialogField}>
      <span>Category</span>
      <select
        className={ui.input}
        value={value}
        onChange={(e) => {
          if (isCategory(e.target.value)) onChange(e.target.value)
        }}
      >
        {STAFF_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c)}
            {c === "support" ? " (read only)" : ""}
          </option>
        ))}
      </select>
    </label>
  )
}

export function InviteDialog({
  open,
  onCancel,
  onInvite,
}: {
  open: boolean
  onCancel: () => void
  onInvite: (email: string, category: StaffCategory) => void
}) {
  const [email, setEmail] = useState("")
  const [category, setCategory] = useState<StaffCategory>("website_coordinator")
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (email.trim() === "") return
    onInvite(email.trim(), category)
    setEmail("")
  }
  return (
    <DialogFrame
      open={open}
      title="Invite someone"
      description="They get a link valid for 72 hours to choose their name and password."
      onCancel={onCancel}
      onSubmit={submit}
      action={
        <button type="submit" className={ui.button.primary} disabled={email.trim() === ""}>
          Invite
        </button>
      }
    >
      <label className={css.dialogField}>
        <span>Email</span>
        <input
          className={ui.input}
          type="email"
          name="email"
          autoComplete="off"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <CategorySelect value={category} onChange={setCategory} />
    </DialogFrame>
  )
}

export function CategoryDialog({
  member,
  onCancel,
  onChange,
}: {
  member: StaffMember | null
  onCancel: () => void
  onChange: (category: StaffCategory) => void
}) {
  const current = member && isCategory(member.user_category) ? member.user_category : "support"
  const [picked, setPicked] = useState<StaffCategory | null>(null)
  const value = picked ?? current
  const close = () => {
    setPicked(null)
    onCancel()
  }
  return (
    <DialogFrame
      open={member !== null}
      title={`Change the category of ${member?.full_name || member?.email || ""}`}
      description="Admins manage staff; website coordinators work the queues; support only reads."
      onCancel={close}
      onSubmit={(e) => {
        e.preventDefault()
        setPicked(null)
        onChange(value)
      }}
      action={
        <button type="submit" className={ui.button.primary} disabled={value === member?.user_category}>
          Change category
        </button>
      }
    >
      <CategorySelect value={value} onChange={setPicked} />
    </DialogFrame>
  )
}

export function HistoryDialog({
  member,
  history,
  onClose,
}: {
  member: StaffMember | null
  history: StaffHistoryView | null
  onClose: () => void
}) {
  const events = history && member && history.id === member.id ? history.events : null
  return (
    <DialogFrame
      open={member !== null}
      title={STAFF_WORDS.historyTitle(member?.full_name || member?.email || "")}
      onCancel={onClose}
      cancelLabel="Close"
    >
      {events === null ? (
        <p className={ui.muted} role="status">
          {STAFF_WORDS.historyLoading}
        </p>
      ) : events.length === 0 ? (
        <p className={ui.muted}>{STAFF_WORDS.historyEmpty}</p>
      ) : (
        <ol className={css.history}>
          {events.map((e) => (
            <li key={e.id}>
              <div>{e.detail}</div>
              <div className={css.historyWhen}>
                {formatWhen(e.at)}
                {e.by ? ` · by ${e.by}` : ""}
              </div>
            </li>
          ))}
        </ol>
      )}
    </DialogFrame>
  )
}

/** Removes a member's second factors (a lost phone): they sign in with their password and set one up again. */
export function ResetSecondFactorDialog({
  member,
  onCancel,
  onReset,
}: {
  member: StaffMember | null
  onCancel: () => void
  onReset: (reason: string) => void
}) {
  const [reason, setReason] = useState("")
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onReset(reason)
    setReason("")
  }
  return (
    <DialogFrame
      open={member !== null}
      title={`Reset the second factor of ${member?.full_name || member?.email || ""}?`}
      description="Their authenticator app, recovery codes and passkeys are removed. They are told, and the history keeps the reason."
      onCancel={onCancel}
      onSubmit={submit}
      action={
        <button type="submit" className={ui.button.danger}>
          Reset second factor
        </button>
      }
    >
      <label className={css.dialogField}>
        <span>Reason (optional)</span>
        <textarea
          className={ui.input}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
    </DialogFrame>
  )
}
