import type { SidebarGroup } from "../machines/sidebar.machine"

export interface NavLink {
  readonly label: string
  readonly href: string
  /** Short text shown in the collapsed (icon-only) sidebar. */
  readonly glyph: string
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

export const dashboardLink: NavLink = { label: "Dashboard", href: "/", glyph: "⌂" }

/** The sidebar of SPEC §2: every link and collapsible group. */
export const navGroups: ReadonlyArray<NavGroup> = [
  {
    id: "verification",
    label: "Verification Center",
    pending: "applications",
    links: [
      {
        label: "Pending applications",
        href: "/website-coordinator/company-verification/pending",
        glyph: "P",
      },
      {
        label: "Accepted applications",
        href: "/website-coordinator/company-verification/accepted",
        glyph: "A",
      },
      {
        label: "Rejected applications",
        href: "/website-coordinator/company-verification/rejected",
        glyph: "R",
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
          { label: "Pending work requests", href: "/website-coordinator/pending-requests", glyph: "W" },
          { label: "Approved work requests", href: "/website-coordinator/approved-requests", glyph: "W" },
          { label: "Rejected work requests", href: "/website-coordinator/rejected-requests", glyph: "W" },
        ],
      },
      {
        id: "maintenance",
        label: "Maintenance Requests",
        pending: "maintenance",
        links: [
          { label: "Pending maintenance", href: "/website-coordinator/maintenance/pending", glyph: "M" },
          { label: "Approved maintenance", href: "/website-coordinator/maintenance/approved", glyph: "M" },
          { label: "Rejected maintenance", href: "/website-coordinator/maintenance/rejected", glyph: "M" },
        ],
      },
    ],
  },
  {
    id: "more",
    label: "More",
    links: [
      { label: "Notifications", href: "/notifications", glyph: "N" },
      { label: "Billing", href: "/billing", glyph: "$" },
      { label: "Receipts", href: "/receipts", glyph: "¤" },
      { label: "Theme", href: "/theme", glyph: "◐" },
      { label: "Snacks", href: "/snacks", glyph: "S" },
      { label: "User settings", href: "/user-settings", glyph: "U" },
      { label: "Help", href: "/help", glyph: "?" },
      { label: "Profile", href: "/profile", glyph: "☺" },
      { label: "Settings", href: "/settings", glyph: "⚙" },
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

/** What the collapsed 64 px rail shows: one entry per area, by glyph with an accessible name. */
export const railLinks: ReadonlyArray<NavLink> = [
  dashboardLink,
  { label: "Verification Center", href: "/website-coordinator/company-verification/pending", glyph: "✓" },
  { label: "Work Requests", href: "/website-coordinator/pending-requests", glyph: "W" },
  { label: "Maintenance Requests", href: "/website-coordinator/maintenance/pending", glyph: "M" },
  { label: "Notifications", href: "/notifications", glyph: "N" },
  { label: "Settings", href: "/settings", glyph: "⚙" },
]
