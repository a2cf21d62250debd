import { matchRoute, type Parser } from "wouter"
import { parseInboxSearch } from "../../machines/notifications/inbox-query"
import type { RefOf } from "../../machines/system/registry"
import { type RecordSource, ROUTES } from "../../schema/system/app-routes"
import { dropOpenedAhead, openAhead } from "./opened-ahead"

const DETAILS = Object.entries(ROUTES.details) as ReadonlyArray<[RecordSource, string]>

/**
 * Opens, as a link to it is clicked, the machine of a page whose first render waits for its data: a record's
 * page, the inbox (./opened-ahead.ts). Nothing for any other page.
 */
function openOnClick(session: RefOf<"session">, parser: Parser, pathname: string, search: string): void {
  if (pathname === ROUTES.notifications) {
    openAhead(session, "inbox", { query: parseInboxSearch(search) })
    return
  }
  for (const [kind, path] of DETAILS) {
    // Each record's pattern has one parameter, its uuid: the first capture.
    const [matched, params] = matchRoute(parser, path, pathname)
    const uuid = matched ? params?.[0] : undefined
    if (uuid) {
      openAhead(session, "review", { kind, uuid })
      return
    }
  }
}

/**
 * Until the function returned is called (then closing one not taken), opens ahead the machine of the page a
 * same-origin link leads to as it is clicked to be followed in this tab (the primary button or Enter, no
 * modifier key): capturing, on the document, before the router's handler on the app's root renders the page.
 * Not for a link to the page shown, which stays; one opened ahead and not taken goes at the next such click.
 */
export function openOnClicks(session: RefOf<"session">, parser: Parser): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null
    if (
      !(link instanceof HTMLAnchorElement) ||
      link.origin !== window.location.origin ||
      (link.target !== "" && link.target !== "_self") ||
      link.hasAttribute("download")
    )
      return
    dropOpenedAhead(session)
    if (link.pathname !== window.location.pathname) openOnClick(session, parser, link.pathname, link.search)
  }
  document.addEventListener("click", onClick, { capture: true })
  return () => {
    document.removeEventListener("click", onClick, { capture: true })
    dropOpenedAhead(session)
  }
}
