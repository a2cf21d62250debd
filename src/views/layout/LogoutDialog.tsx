import { useEffect, useRef } from "react"
import * as ui from "../shared/ui.css"
import * as css from "./menu.css"

/**
 * The 'Confirm Logout' dialog (SPEC §2). A native modal <dialog> makes the page behind it inert,
 * keeps focus inside, and closes on Escape.
 */
export function LogoutDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className={css.dialog}
      aria-labelledby="logout-title"
      aria-describedby="logout-text"
      onCancel={(e) => {
        e.preventDefault()
        onCancel()
      }}
    >
      <h2 id="logout-title">Confirm Logout</h2>
      <p id="logout-text">Are you sure you want to sign out?</p>
      <div className={css.dialogActions}>
        <button type="button" className={ui.button.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={ui.button.danger} onClick={onConfirm}>
          Log out
        </button>
      </div>
    </dialog>
  )
}
