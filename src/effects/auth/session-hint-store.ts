// Reads the session hint cookie (SESSION_HINT_COOKIE): the one fact about the HttpOnly refresh cookie a page
// may know, whether there is one.
import { SESSION_HINT_COOKIE } from "../../schema/auth/session-hint"

/**
 * True only in a browser whose cookies lack the hint. Outside a browser (no document) nothing is known, and
 * the refresh is asked of the server as before.
 */
export function noSessionHint(): boolean {
  if (typeof document === "undefined") return false
  return !document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${SESSION_HINT_COOKIE.name}=`))
}
