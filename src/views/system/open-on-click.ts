import { matchRoute, type Parser } from "wouter"
import { parseInboxSearch } from "../../machines/notifications/inbox-query"
import type { RefOf } from "../../machines/system/registry"
import { type RecordSource, ROUTES } from "../../schema/system/app-routes"
import { openAhead } from "./opened-ahead"

const DETAILS = Object.entries(ROUTES.details) as ReadonlyArray<[RecordSource, string]>

/**
 * Opens, as a link to it is clicked, the machine of a page whose first render waits for its data: a record's
 * page, the inbox (./opened-ahead.ts). Nothing for any other page.
 */
export function openOnClick(
  session: RefOf<"session">,
  parser: Parser,
  pathname: string,
  search: string,
): void {
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
