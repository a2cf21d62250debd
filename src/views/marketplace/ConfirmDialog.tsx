import type { ReactNode } from "react"
import { DialogFrame } from "../shared/DialogFrame"
import * as ui from "../shared/ui.css"

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  onCancel,
  onConfirm,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  danger?: boolean
  onCancel: () => void
  /** null: nothing to confirm any more (the record was decided elsewhere); only Cancel stays. */
  onConfirm: (() => void) | null
}) {
  return (
    <DialogFrame
      open={open}
      title={title}
      onCancel={onCancel}
      action={
        onConfirm === null ? undefined : (
          <button type="button" className={danger ? ui.button.danger : ui.button.primary} onClick={onConfirm}>
            {confirmLabel}
          </button>
        )
      }
    >
      <div>{children}</div>
    </DialogFrame>
  )
}
