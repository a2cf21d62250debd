import { type ReactNode, useId } from "react"
import * as menu from "../layout/menu.css"
import * as ui from "../shared/ui.css"
import { useModal } from "../shared/use-modal"

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
  const ref = useModal(open)
  // Two dialogs on one page (a list and its bulk bar) must not share a title id.
  const titleId = useId()
  return (
    <dialog
      ref={ref}
      className={menu.dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onCancel()
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div>{children}</div>
      <div className={menu.dialogActions}>
        <button type="button" className={ui.button.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={danger ? ui.button.danger : ui.button.primary} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
