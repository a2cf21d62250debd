import type { RefObject } from "react"
import * as ui from "../shared/ui.css"
import { useModal } from "../shared/use-modal"
import * as css from "./menu.css"

/**
 * The 'Confirm Logout' dialog. A native modal <dialog> makes the page behind it inert, keeps focus inside, and
 * closes on Escape; the menu item that opened it has gone with its menu, so focus returns to `returnTo`.
 */
export function LogoutDialog({
  open,
  returnTo,
  onCancel,
  onConfirm,
}: {
  open: boolean
  returnTo: RefObject<HTMLElement | null>
  onCancel: () => void
  onConfirm: () => void
}) {
  const ref = useModal(open, returnTo)
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
