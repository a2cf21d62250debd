import { type FormEvent, type ReactNode, type RefObject, useId } from "react"
import * as css from "./dialog-frame.css"
import { useModal } from "./use-modal"

/**
 * The frame every modal dialog shares: a native modal <dialog> (the page behind it inert, focus kept inside and
 * given back when it closes, see useModal) named by its title, with its buttons in one row at the foot. Escape
 * asks the owner to cancel, so the owner's state, not the browser, decides that it closes. With `onSubmit` the
 * content is a form, so that Enter in a field submits it.
 */
export function DialogFrame({
  open,
  title,
  description,
  returnTo,
  onCancel,
  onSubmit,
  actions,
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
  actions: ReactNode
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
      <div className={css.dialogActions}>{actions}</div>
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
