import { type FormEvent, type ReactNode, useId, useState } from "react"
import { MARKETPLACE_LIMITS } from "../../schema/marketplace/marketplace"
import { CharacterCount } from "../shared/CharacterCount"
import { DialogFrame } from "../shared/DialogFrame"
import * as ui from "../shared/ui.css"
import * as css from "./marketplace.css"

/** Asks for the reason a rejection needs; the machine refuses a blank one, so the button waits for text. */
export function ReasonDialog({
  open,
  title,
  children,
  onCancel,
  onSubmit,
}: {
  open: boolean
  title: string
  /** What the reason will apply to, when that is more than the page's own record. */
  children?: ReactNode
  onCancel: () => void
  onSubmit: (reason: string) => void
}) {
  const countId = useId()
  const [reason, setReason] = useState("")
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit(reason)
  }
  return (
    <DialogFrame
      open={open}
      title={title}
      onCancel={onCancel}
      onSubmit={submit}
      action={
        <button type="submit" className={ui.button.danger} disabled={reason.trim() === ""}>
          Reject
        </button>
      }
    >
      {children}
      <label className={ui.field}>
        <span>Reason</span>
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
