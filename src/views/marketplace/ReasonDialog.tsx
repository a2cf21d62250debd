import { type FormEvent, type ReactNode, useId, useState } from "react"
import { MARKETPLACE_LIMITS } from "../../schema/marketplace/marketplace"
import { CharacterCount } from "../shared/CharacterCount"
import { DialogFrame } from "../shared/DialogFrame"
import * as ui from "../shared/ui.css"
import * as css from "./marketplace.css"

/**
 * Asks for the text a decision needs (a rejection's reason, an override's reason, a message to the applicant);
 * the machine refuses a blank one, so the button waits for text.
 */
export function ReasonDialog({
  open,
  title,
  children,
  onCancel,
  onSubmit,
  label = "Reason",
  submitLabel = "Reject",
  tone = "danger",
}: {
  open: boolean
  title: string
  label?: string
  submitLabel?: string
  tone?: "danger" | "primary"
  /** What the reason will apply to, when that is more than the page's own record. */
  children?: ReactNode
  onCancel: () => void
  /** null: nothing to reject any more (the record was decided elsewhere); only Cancel stays. */
  onSubmit: ((reason: string) => void) | null
}) {
  const countId = useId()
  const [reason, setReason] = useState("")
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit?.(reason)
  }
  return (
    <DialogFrame
      open={open}
      title={title}
      onCancel={onCancel}
      onSubmit={submit}
      action={
        onSubmit === null ? undefined : (
          <button type="submit" className={ui.button[tone]} disabled={reason.trim() === ""}>
            {submitLabel}
          </button>
        )
      }
    >
      {children}
      <label className={ui.field}>
        <span>{label}</span>
        <textarea
          className={`${ui.input} ${css.textarea}`}
          value={reason}
          maxLength={MARKETPLACE_LIMITS.maxReasonLength}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby={countId}
          required
        />
        <CharacterCount id={countId} length={reason.length} max={MARKETPLACE_LIMITS.maxReasonLength} />
      </label>
    </DialogFrame>
  )
}
