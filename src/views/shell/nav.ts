import type { SidebarGroup } from "../../machines/shell/sidebar.machine"
import { type Action, categoryMay } from "../../schema/auth/permissions"
import { ROUTES } from "../../schema/system/app-routes"
import type { ShellIconName } from "../shared/shell-icons"

export interface NavLink {
  readonly label: string
  readonly href: string
  /** Shown beside the label, and alone (named by the label) in the collapsed sidebar. */
  readonly icon: ShellIconName
  /** Shown only to those whose category may do this (the page refuses the others anyway). */
  readonly action?: Action
  /** A count of the dashboard summary shown beside the label. */
  readonly count?: PendingKey
}

/** Which pending count of the dashboard summary a group shows beside its label. */
export type PendingKey =
  | "applications"
  | "requests"
  | "work"
  | "maintenance"
  | "workAwaitingProviders"
  | "maintenanceAwaitingProviders"

export interface NavGroup {
  readonly id: SidebarGroup
  readonly label: string
  readonly pending?: PendingKey
  readonly links: ReadonlyArray<NavLink>
  readonly groups?: ReadonlyArray<NavGroup>
}

export const dashboardLink: NavLink = { label: "Dashboard", href: ROUTES.home, icon: "layoutDashboard" }

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
        icon: "clock",
      },
      {
        label: "Accepted applications",
        href: ROUTES.lists.application.accepted,
        icon: "circleCheck",
      },
      {
        label: "Rejected applications",
        href: ROUTES.lists.application.rejected,
        icon: "circleX",
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
          { label: "Pending work requests", href: ROUTES.lists.work.pending, icon: "clock" },
          {
            label: "Approved work requests",
            href: ROUTES.lists.work.approved,
            icon: "circleCheck",
          },
          { label: "Rejected work requests", href: ROUTES.lists.work.rejected, icon: "circleX" },
          {
            label: "Work awaiting providers",
            href: ROUTES.awaitingProviders.work,
            icon: "handshake",
            count: "workAwaitingProviders",
          },
        ],
      },
      {
        id: "maintenance",
        label: "Maintenance Requests",
        pending: "maintenance",
        links: [
          { label: "Pending maintenance", href: ROUTES.lists.maintenance.pending, icon: "clock" },
          {
            label: "Approved maintenance",
            href: ROUTES.lists.maintenance.approved,
            icon: "circleCheck",
          },
          { label: "Rejected maintenance", href: ROUTES.lists.maintenance.rejected, icon: "circleX" },
          {
            label: "Maintenance awaiting providers",
            href: ROUTES.awaitingProviders.maintenance,
            icon: "handshake",
            count: "maintenanceAwaitingProviders",
          },
        ],
      },
    ],
  },
  {
    id: "more",
    label: "More",
    links: [
      { label: "Notifications", href: ROUTES.notifications, icon: "bell" },
      { label: "Reports", href: ROUTES.reports, icon: "receipt" },
      { label: "Billing", href: ROUTES.billing, icon: "creditCard" },
      { label: "Receipts", href: ROUTES.receipts, icon: "receipt" },
      { label: "Theme", href: ROUTES.theme, icon: "palette" },
      { label: "Snacks", href: ROUTES.snacks, icon: "cookie" },
      { label: "User settings", href: ROUTES.userSettings, icon: "userCog" },
      { label: "Help", href: ROUTES.help, icon: "circleHelp" },
      { label: "Profile", href: ROUTES.profile, icon: "user" },
      { label: "Settings", href: ROUTES.settings, icon: "settings" },
      { label: "Staff", href: ROUTES.staff, icon: "users", action: "staff.manage" },
    ],
  },
]

/** The links a category may follow: a link that needs an action the category may not do is left out. */
export function allowedNav(
  groups: ReadonlyArray<NavGroup>,
  category: string | null,
): ReadonlyArray<NavGroup> {
  return groups.map((group) => ({
    ...group,
    links: group.links.filter((l) => l.action === undefined || categoryMay(category, l.action)),
    ...(group.groups ? { groups: allowedNav(group.groups, category) } : {}),
  }))
}

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
    icon: "shieldCheck",
  },
  { label: "Work Requests", href: ROUTES.lists.work.pending, icon: "hammer" },
  { label: "Maintenance Requests", href: ROUTES.lists.maintenance.pending, icon: "wrench" },
  { label: "Notifications", href: ROUTES.notifications, icon: "bell" },
  { label: "Settings", href: ROUTES.settings, icon: "settings" },
]
