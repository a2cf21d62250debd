import { type FormEvent, type ReactNode, type RefObject, useId } from "react"
import * as css from "./dialog-frame.css"
import * as ui from "./ui.css"
import { useModal } from "./use-modal"

/**
 * The frame every modal dialog shares: a native modal <dialog> (the page behind it inert, focus kept inside and
 * given back when it closes, see useModal) named by its title, with its buttons in one row at the foot: Cancel,
 * then the dialog's one action. Cancel and Escape both ask the owner to cancel, so the owner's state, not the
 * browser, decides that it closes. With `onSubmit` the content is a form, so that Enter in a field submits it.
 */
export function DialogFrame({
  open,
  title,
  description,
  returnTo,
  onCancel,
  onSubmit,
  action,
  cancelLabel = "Cancel",
  children,
}: {
  open: boolean
  title: string
  /** A sentence that says what the dialog asks: read out with its name. */
  description?: string
  /** Where focus goes when the element that opened the dialog has gone (see useModal). */
  returnTo?: RefObject<HTMLElement | null>
  onCancel: () => void
  onSubmit?: (e: FormEvent) => void
  /** The one button that acts, after Cancel. Without one, Cancel is the dialog's main button. */
  action?: ReactNode
  /** 'Close' where there is nothing to cancel. */
  cancelLabel?: string
  children?: ReactNode
}) {
  const ref = useModal(open, returnTo)
  // Two dialogs on one page (a list and its bulk bar) must not share an id.
  const titleId = useId()
  const descriptionId = useId()
  const content = (
    <>
      <h2 id={titleId}>{title}</h2>
      {description === undefined ? null : <p id={descriptionId}>{description}</p>}
      {children}
      <div className={css.dialogActions}>
        <button
          type="button"
          className={action === undefined ? ui.button.primary : ui.button.secondary}
          onClick={onCancel}
        >
          {cancelLabel}
        </button>
        {action}
      </div>
    </>
  )
  return (
    <dialog
      ref={ref}
      className={css.dialog}
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      onCancel={(e) => {
        e.preventDefault()
        onCancel()
      }}
    >
      {onSubmit ? <form onSubmit={onSubmit}>{content}</form> : content}
    </dialog>
  )
}
