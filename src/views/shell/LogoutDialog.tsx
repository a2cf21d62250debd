import type { RefObject } from "react"
import { DialogFrame } from "../shared/DialogFrame"
import * as ui from "../shared/ui.css"

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
  return (
    <DialogFrame
      open={open}
      title="Confirm Logout"
      description="Are you sure you want to sign out?"
      returnTo={returnTo}
      onCancel={onCancel}
      action={
        <button type="button" className={ui.button.danger} onClick={onConfirm}>
          Log out
        </button>
      }
    />
  )
}
