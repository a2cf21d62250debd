import { useEffect, useState } from "react"

/** A click that would take the browser to another page of this app (not a new tab, not a download). */
function internalLinkOf(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const link = (event.target as Element | null)?.closest?.("a[href]")
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return null
  const url = new URL(link.href, window.location.href)
  if (url.origin !== window.location.origin) return null
  const to = `${url.pathname}${url.search}${url.hash}`
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
  return to === here ? null : to
}

/**
 * While `dirty`, leaving the page asks first: a link inside the app is held and its destination returned as
 * `pending` (the page asks, then calls `leave` or `stay`); closing or reloading the tab gets the browser's own
 * question. Unsaved choices are never dropped without a word.
 */
export function useLeaveGuard(dirty: boolean, go: (to: string) => void) {
  const [pending, setPending] = useState<string | null>(null)

  useEffect(() => {
    if (!dirty) return
    const onClick = (event: MouseEvent) => {
      const to = internalLinkOf(event)
      if (to === null) return
      // Capture on the document runs before the router's own click handling, which never sees this click.
      event.preventDefault()
      event.stopPropagation()
      setPending(to)
    }
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    document.addEventListener("click", onClick, true)
    window.addEventListener("beforeunload", onUnload)
    return () => {
      document.removeEventListener("click", onClick, true)
      window.removeEventListener("beforeunload", onUnload)
    }
  }, [dirty])

  return {
    pending,
    stay: () => setPending(null),
    leave: () => {
      const to = pending
      setPending(null)
      if (to !== null) go(to)
    },
  }
}
