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
  onConfirm: () => void
}) {
  return (
    <DialogFrame
      open={open}
      title={title}
      onCancel={onCancel}
      action={
        <button type="button" className={danger ? ui.button.danger : ui.button.primary} onClick={onConfirm}>
          {confirmLabel}
        </button>
      }
    >
      <div>{children}</div>
    </DialogFrame>
  )
}
