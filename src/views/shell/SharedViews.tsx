import { useSelector } from "@xstate/react"
import { Link, useLocation, useSearch } from "wouter"
import type { SavedViewCount, SavedViewList } from "../../schema/marketplace/saved-views"
import { ROUTES } from "../../schema/system/app-routes"
import { useSystemActor } from "../system/app-context"
import * as css from "./layout.css"
import * as own from "./shared-views.css"
import { useSidebarSend } from "./ui-hooks"

// The team's shared views in the sidebar, each under its list with the number of records it matches now
// (docs/behaviour.md#saved-views). Their actor starts with the rest of the session, so this comes with the top
// bar's live parts (./live-parts.tsx), after the first paint; ./SharedViewLinks.tsx places it.

/** The list page a saved view belongs to. */
export function savedViewPath(list: SavedViewList): string {
  const [source, status] = list.split(":")
  if (source === "application")
    return ROUTES.lists.application[status as keyof typeof ROUTES.lists.application]
  const lists = source === "work" ? ROUTES.lists.work : ROUTES.lists.maintenance
  return lists[status as keyof typeof lists]
}

/** A view's own address: it opens for anyone allowed, resolved on the list page. */
export const savedViewHref = (view: Pick<SavedViewCount, "uuid" | "list">): string =>
  `${savedViewPath(view.list)}?view=${view.uuid}`

/** The shared views of the list at this address, once the rest of the session runs (nothing before). */
export function SharedViews({ href }: { href: string }) {
  const views = useSelector(useSystemActor("sharedViews"), (s) => s.context.views)
  const [location] = useLocation()
  const search = useSearch()
  const send = useSidebarSend()
  const mine = views.filter((v) => savedViewPath(v.list) === href)
  if (mine.length === 0) return null
  return (
    <div className={own.sharedViews}>
      {mine.map((v) => (
        <Link
          key={v.uuid}
          href={savedViewHref(v)}
          className={`${css.navLink} ${own.sharedViewLink}`}
          aria-current={location === href && search === v.query ? "page" : undefined}
          onClick={() => send({ type: "sidebar.close" })}
          aria-label={`Team view ${v.name}: ${v.count} records`}
          title={`Team view “${v.name}”: ${v.count} now`}
        >
          <span className={css.linkLabel}>{v.name}</span>
          <span className={css.count}>{v.count}</span>
        </Link>
      ))}
    </div>
  )
}
