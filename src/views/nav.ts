import {
  Bell,
  CircleCheck,
  CircleHelp,
  CircleX,
  Clock,
  Cookie,
  CreditCard,
  Hammer,
  LayoutDashboard,
  type LucideIcon,
  Palette,
  Receipt,
  Settings,
  ShieldCheck,
  User,
  UserCog,
  Wrench,
} from "lucide-react"
import type { SidebarGroup } from "../machines/sidebar.machine"
import { ROUTES } from "../schema/app-routes"

export interface NavLink {
  readonly label: string
  readonly href: string
  /** Shown beside the label, and alone (named by the label) in the collapsed sidebar. */
  readonly icon: LucideIcon
}

/** Which pending count of the dashboard summary a group shows beside its label. */
export type PendingKey = "applications" | "requests" | "work" | "maintenance"

export interface NavGroup {
  readonly id: SidebarGroup
  readonly label: string
  readonly pending?: PendingKey
  readonly links: ReadonlyArray<NavLink>
  readonly groups?: ReadonlyArray<NavGroup>
}

export const dashboardLink: NavLink = { label: "Dashboard", href: ROUTES.home, icon: LayoutDashboard }

/** The sidebar (docs/behaviour.md#layout): every link and collapsible group. */
export const navGroups: ReadonlyArray<NavGroup> = [
  {
    id: "verification",
    label: "Verification Center",
    pending: "applications",
    links: [
      {
        label: "Pending applications",
        href: ROUTES.lists.application.pending,
        icon: Clock,
      },
      {
        label: "Accepted applications",
        href: ROUTES.lists.application.accepted,
        icon: CircleCheck,
      },
      {
        label: "Rejected applications",
        href: ROUTES.lists.application.rejected,
        icon: CircleX,
      },
    ],
  },
  {
    id: "requests",
    label: "Requests",
    pending: "requests",
    links: [],
    groups: [
      {
        id: "work",
        label: "Work Requests",
        pending: "work",
        links: [
          { label: "Pending work requests", href: ROUTES.lists.work.pending, icon: Clock },
          {
            label: "Approved work requests",
            href: ROUTES.lists.work.approved,
            icon: CircleCheck,
          },
          { label: "Rejected work requests", href: ROUTES.lists.work.rejected, icon: CircleX },
        ],
      },
      {
        id: "maintenance",
        label: "Maintenance Requests",
        pending: "maintenance",
        links: [
          { label: "Pending maintenance", href: ROUTES.lists.maintenance.pending, icon: Clock },
          {
            label: "Approved maintenance",
            href: ROUTES.lists.maintenance.approved,
            icon: CircleCheck,
          },
          { label: "Rejected maintenance", href: ROUTES.lists.maintenance.rejected, icon: CircleX },
        ],
      },
    ],
  },
  {
    id: "more",
    label: "More",
    links: [
      { label: "Notifications", href: ROUTES.notifications, icon: Bell },
      { label: "Billing", href: ROUTES.billing, icon: CreditCard },
      { label: "Receipts", href: ROUTES.receipts, icon: Receipt },
      { label: "Theme", href: ROUTES.theme, icon: Palette },
      { label: "Snacks", href: ROUTES.snacks, icon: Cookie },
      { label: "User settings", href: ROUTES.userSettings, icon: UserCog },
      { label: "Help", href: ROUTES.help, icon: CircleHelp },
      { label: "Profile", href: ROUTES.profile, icon: User },
      { label: "Settings", href: ROUTES.settings, icon: Settings },
    ],
  },
]

const matches = (link: NavLink, q: string) => link.label.toLowerCase().includes(q)

/** The sidebar search keeps the links whose label contains the query, and the groups that still hold one. */
export function filterNav(groups: ReadonlyArray<NavGroup>, query: string): ReadonlyArray<NavGroup> {
  const q = query.trim().toLowerCase()
  if (q === "") return groups
  return groups.flatMap((group) => {
    const links = group.links.filter((l) => matches(l, q))
    const sub = group.groups ? filterNav(group.groups, q) : []
    return links.length > 0 || sub.length > 0 ? [{ ...group, links, groups: sub }] : []
  })
}

/** What the collapsed 64 px rail shows: one entry per area, by icon with an accessible name. */
export const railLinks: ReadonlyArray<NavLink> = [
  dashboardLink,
  {
    label: "Verification Center",
    href: ROUTES.lists.application.pending,
    icon: ShieldCheck,
  },
  { label: "Work Requests", href: ROUTES.lists.work.pending, icon: Hammer },
  { label: "Maintenance Requests", href: ROUTES.lists.maintenance.pending, icon: Wrench },
  { label: "Notifications", href: ROUTES.notifications, icon: Bell },
  { label: "Settings", href: ROUTES.settings, icon: Settings },
]
