import { Link, useLocation } from "wouter"
import type { SidebarGroup } from "../../machines/shell/sidebar.machine"
import { ROUTES } from "../../schema/system/app-routes"
import { Glyph } from "../shared/Glyph"
import { useAuth } from "../system/app-context"
import * as css from "./layout.css"
import {
  allowedNav,
  dashboardLink,
  filterNav,
  type NavGroup,
  type NavLink,
  navGroups,
  railLinks,
} from "./nav"
import { PendingCount, useSummaryOnNavigation } from "./PendingCount"
import { SharedViewLinks } from "./SharedViewLinks"
import * as sharedCss from "./shared-views.css"
import { useSidebar, useSidebarSend } from "./ui-hooks"

const ICON = 18

function SidebarLink({ link, collapsed }: { link: NavLink; collapsed: boolean }) {
  const [location] = useLocation()
  const send = useSidebarSend()
  const current = location === link.href || (link.href === ROUTES.home && location === ROUTES.dashboard)
  return (
    <Link
      href={link.href}
      className={css.navLink}
      aria-current={current ? "page" : undefined}
      aria-label={collapsed ? link.label : undefined}
      title={collapsed ? link.label : undefined}
      onClick={() => send({ type: "sidebar.close" })}
    >
      <Glyph name={link.icon} className={css.glyph} size={ICON} />
      {collapsed ? null : <span className={css.linkLabel}>{link.label}</span>}
      {!collapsed && link.count ? <PendingCount pending={link.count} label={link.label} /> : null}
    </Link>
  )
}

function Group({ group, openGroups }: { group: NavGroup; openGroups: ReadonlyArray<SidebarGroup> }) {
  const send = useSidebarSend()
  const open = openGroups.includes(group.id)
  const panelId = `sidebar-group-${group.id}`

  return (
    <div>
      <button
        type="button"
        className={css.groupButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => send({ type: "sidebar.toggleGroup", group: group.id })}
      >
        <Glyph name={open ? "chevronDown" : "chevronRight"} className={css.glyph} size={ICON} />
        <span className={css.linkLabel}>{group.label}</span>
        {group.pending ? <PendingCount pending={group.pending} label={group.label} /> : null}
      </button>
      {open ? (
        <div id={panelId} className={css.groupChildren}>
          {group.links.map((link) => (
            <div key={link.href} className={sharedCss.entry}>
              <SidebarLink link={link} collapsed={false} />
              <SharedViewLinks href={link.href} />
            </div>
          ))}
          {group.groups?.map((sub) => (
            <Group key={sub.id} group={sub} openGroups={openGroups} />
          ))}
        </div>
      ) : null}
    </div>
  )
}

/** The sidebar's own toggle: collapse to the rail on a wide screen, close the overlay on a narrow one. */
function SidebarToggle({ collapsed, narrow }: { collapsed: boolean; narrow: boolean }) {
  const send = useSidebarSend()
  const [label, icon] = narrow
    ? (["Close menu", "x"] as const)
    : collapsed
      ? (["Open sidebar", "panelLeftOpen"] as const)
      : (["Collapse sidebar", "panelLeftClose"] as const)
  return (
    <button
      type="button"
      className={css.iconButton}
      aria-label={label}
      title={label}
      aria-expanded={!collapsed}
      data-sidebar-toggle
      onClick={() => send({ type: narrow ? "sidebar.close" : "sidebar.toggle" })}
    >
      <Glyph name={icon} size={20} />
    </button>
  )
}

export function Sidebar() {
  const collapsed = useSidebar((_, c) => c)
  const narrow = useSidebar((ctx) => ctx.narrow)
  const query = useSidebar((ctx) => ctx.query)
  const openGroups = useSidebar((ctx) => ctx.openGroups)
  const send = useSidebarSend()
  useSummaryOnNavigation()

  // A search shows every matching link, whatever groups were folded.
  const searching = query.trim() !== ""
  const category = useAuth((ctx) => ctx.user?.user_category ?? null)
  const groups = filterNav(allowedNav(navGroups, category), query)
  const visibleOpen: ReadonlyArray<SidebarGroup> = searching
    ? ["verification", "requests", "work", "maintenance", "more"]
    : openGroups
  const className = [css.sidebar, collapsed ? css.sidebarCollapsed : css.sidebarOverlay].join(" ")

  return (
    <>
      {narrow && !collapsed ? (
        <div className={css.scrim} aria-hidden="true" onClick={() => send({ type: "sidebar.close" })} />
      ) : null}
      <aside className={className} aria-label="Sidebar" data-collapsed={collapsed}>
        {/* On a narrow screen the folded rail has no toggle of its own: the top bar's Menu button opens it. */}
        {narrow && collapsed ? null : (
          <div className={css.sidebarHeader}>
            <SidebarToggle collapsed={collapsed} narrow={narrow} />
            {collapsed ? null : <span className={css.brand}>Marketplace back office</span>}
          </div>
        )}
        {collapsed ? null : (
          <input
            type="search"
            className={css.search}
            placeholder="Filter the menu"
            aria-label="Search"
            value={query}
            onChange={(e) => send({ type: "sidebar.search", query: e.target.value })}
            onKeyDown={(e) => {
              // The first Escape clears the search; with nothing to clear it closes the overlay (see AppLayout).
              if (e.key !== "Escape" || query === "") return
              e.stopPropagation()
              send({ type: "sidebar.search", query: "" })
            }}
          />
        )}
        <nav className={css.nav} aria-label="Main">
          {collapsed ? (
            railLinks.map((link) => <SidebarLink key={link.href} link={link} collapsed />)
          ) : (
            <>
              <SidebarLink link={dashboardLink} collapsed={false} />
              {groups.map((group) => (
                <Group key={group.id} group={group} openGroups={visibleOpen} />
              ))}
            </>
          )}
          {!collapsed && searching && groups.length === 0 ? <p>No matching pages</p> : null}
        </nav>
      </aside>
    </>
  )
}
