import { type RefObject, useEffect, useRef } from "react"

const focusable = (el: HTMLElement | null | undefined): el is HTMLElement =>
  !!el && el.isConnected && !(el as HTMLButtonElement).disabled && el.getAttribute("aria-hidden") !== "true"

/**
 * Opens and closes a native modal <dialog> with `open` (Escape arrives as its cancel event). When it closes, by
 * any means, or goes away while open, focus goes back to what opened it, so a keyboard user carries on where
 * they were instead of from the top of the page. The browser's own restoring cannot do that when the opener
 * left with its menu (Log out) or the dialog was removed rather than closed: `returnTo` is then the place.
 */
export function useModal(open: boolean, returnTo?: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const fallback = useRef(returnTo)
  fallback.current = returnTo

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const active = document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null
    if (!dialog.open) dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      const target = [opener.current, fallback.current?.current].find(focusable)
      target?.focus()
      opener.current = null
    }
  }, [open])
  return ref
}
