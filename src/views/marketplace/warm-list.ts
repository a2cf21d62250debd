import { parseListSearch, sameQuery } from "../../machines/marketplace/list-url"
import { AWAITING_PROVIDERS, type ListSource } from "../../machines/marketplace/marketplace-types"
import type { PagedListInput } from "../../machines/marketplace/paged-list.machine"
import { nextPageKey, openPage } from "../../machines/system/pages"
import { lookupPage, lookupRest, type PageKey, type RefOf } from "../../machines/system/registry"
import { ROUTES } from "../../schema/system/app-routes"

// One list opened ahead of its page (docs/behaviour.md#early-refresh): a list machine started, as any list page
// starts it, for the list a click is likely to open, so that the click finds its first page of rows loaded
// and shows them at once. It is a list like a shown one: the live stream keeps its rows current (a change made
// elsewhere applies in place and the page loads again, a lost connection reloads it), so what the page then
// shows is never staler than a list opened by the click. The list page that opens with the same list and
// query takes it over (usePageActor); one opened ahead for another list is closed, as is the one held when
// the signed-in layout goes (a sign-out, another user).

type Session = RefOf<"session">

let held: { readonly key: PageKey<"pagedList">; readonly input: PagedListInput } | null = null

const sameList = (a: PagedListInput, b: PagedListInput) =>
  a.source === b.source && sameQuery(a.query, b.query)

/** Every list route, with the list it shows. */
const LIST_ROUTES: ReadonlyArray<readonly [path: string, source: ListSource, status: string]> = [
  ...(Object.keys(ROUTES.lists) as ListSource[]).flatMap((source) =>
    Object.entries(ROUTES.lists[source]).map(([status, path]): readonly [string, ListSource, string] => [
      path,
      source,
      status,
    ]),
  ),
  [ROUTES.awaitingProviders.work, "work", AWAITING_PROVIDERS],
  [ROUTES.awaitingProviders.maintenance, "maintenance", AWAITING_PROVIDERS],
]

/** The list a link leads to, with the query its page will open with; null for any other page. */
export function listAt(pathname: string, search: string): PagedListInput | null {
  const found = LIST_ROUTES.find(([path]) => path === pathname)
  if (!found) return null
  const [, source, status] = found
  return { source, query: parseListSearch(search, status, source) }
}

/** Opens this list ahead, in place of any other opened ahead; nothing when it already is. */
export function warmList(session: Session, input: PagedListInput): void {
  if (held && sameList(held.input, input)) return
  dropWarmList(session)
  const key = nextPageKey("pagedList")
  held = { key, input }
  session.send(openPage("pagedList", key, input))
}

/** Closes the list opened ahead, if any. */
export function dropWarmList(session: Session): void {
  if (held) session.send({ type: "session.closePage", key: held.key })
  held = null
}

/**
 * The key of the list opened ahead, handed over to the page that opens this list, or null (none, another
 * list, or one whose load failed: the page then opens its own, which asks again).
 */
export function takeWarmList(session: Session, input: PagedListInput): PageKey<"pagedList"> | null {
  if (!held || !sameList(held.input, input)) return null
  const { key } = held
  const rest = lookupRest(session)
  const actor = rest ? lookupPage(rest, key) : undefined
  if (!actor || actor.getSnapshot().matches("failed")) {
    dropWarmList(session)
    return null
  }
  held = null
  return key
}
