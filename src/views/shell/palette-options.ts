import type { SearchKind, SearchResult } from "../../schema/shell/search"
import { allowedNav, dashboardLink, filterNav, type NavGroup, navGroups } from "./nav"

// What the palette lists for a text: the menu's pages whose names match, then the records the server found.

export interface PaletteOption {
  readonly key: string
  readonly kind: string
  readonly title: string
  readonly subtitle: string
  readonly href: string
}

const KIND_LABEL: Readonly<Record<SearchKind, string>> = {
  work_request: "Work request",
  maintenance_request: "Maintenance request",
  company_application: "Application",
  notification: "Notification",
}

/** Pages a palette lists at most; a longer match is better narrowed by typing more. */
const MAX_PAGES = 6

const pagesIn = (groups: ReadonlyArray<NavGroup>, trail: string): PaletteOption[] =>
  groups.flatMap((g) => [
    ...g.links.map((l) => ({
      key: `page:${l.href}`,
      kind: "Page",
      title: l.label,
      subtitle: trail ? `${trail} › ${g.label}` : g.label,
      href: l.href,
    })),
    ...pagesIn(g.groups ?? [], trail ? `${trail} › ${g.label}` : g.label),
  ])

export function paletteOptions(
  query: string,
  records: ReadonlyArray<SearchResult>,
  category: string | null = null,
): PaletteOption[] {
  const q = query.trim().toLowerCase()
  if (q === "") return []
  const dashboard = dashboardLink.label.toLowerCase().includes(q)
    ? [
        {
          key: "page:dashboard",
          kind: "Page",
          title: dashboardLink.label,
          subtitle: "Home",
          href: dashboardLink.href,
        },
      ]
    : []
  const pages = [...dashboard, ...pagesIn(filterNav(allowedNav(navGroups, category), q), "")].slice(
    0,
    MAX_PAGES,
  )
  return [
    ...pages,
    ...records.map((r) => ({
      key: `${r.kind}:${r.id}`,
      kind: KIND_LABEL[r.kind],
      title: r.title,
      subtitle: r.subtitle,
      href: r.href,
    })),
  ]
}
